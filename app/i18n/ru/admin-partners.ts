/** adminPartners: withdrawals, the referral percent and promocodes of the console (ru is the source catalogue). */
export const adminPartners = {
  title: 'Партнёры и промокоды',
};
