/** adminDirections: currencies, directions, reserves, payment details and rates of the console (ru is the source catalogue). */
export const adminDirections = {
  title: 'Направления',
};
