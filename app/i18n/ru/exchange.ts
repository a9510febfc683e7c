/** exchange: the calculator and claim form on the home page (ru is the source catalogue). */
export const exchange = {
  title: 'Обмен',
};
