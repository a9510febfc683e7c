/** account: ru is the source catalogue. */
export const account = {
  title: '',
};
