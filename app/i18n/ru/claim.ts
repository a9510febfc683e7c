/** claim: the claim page /claim/{uuid} and its result pages (ru is the source catalogue). */
export const claim = {
  title: 'Заявка',
};
