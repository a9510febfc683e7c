/** adminClaims: the claims queue and a claim's page of the operator console (helper-owned) (ru is the source catalogue). */
export const adminClaims = {
  title: 'Заявки',
};
