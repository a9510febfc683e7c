/** content: ru is the source catalogue. */
export const content = {
  title: '',
};
