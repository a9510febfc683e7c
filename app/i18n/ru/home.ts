/** home: ru is the source catalogue. */
export const home = {
  title: '',
};
