/** news: ru is the source catalogue. */
export const news = {
  title: '',
};
