import type { account as ru } from '../ru/account.ts';
import type { Catalogue } from '../types.ts';

export const account: Catalogue<typeof ru> = {
  title: 'Personal account',
  navLabel: 'Account sections',
  signedInAs: 'Signed in as',
  activation: {
    title: 'Confirm your e-mail',
    text: 'We sent a link to activate the account to {{email}}. No e-mail? Check the spam folder or ask for a new one.',
    resend: 'Send the link again',
  },
  orders: { title: 'My orders', text: 'Your exchanges and their statuses.' },
  adv: { title: 'Promo materials', text: 'Banners and links to bring in customers.' },
  promocodes: { title: 'Promocodes', text: 'Your promocodes and exchange discounts.' },
  referrer: { title: 'Referral programme', text: 'Balance, earnings history and withdrawals.' },
  settings: { title: 'Settings', text: 'Change your password and account options.' },
};
