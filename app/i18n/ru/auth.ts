/** auth: ru is the source catalogue. */
export const auth = {
  title: '',
};
