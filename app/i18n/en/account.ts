import type { account as ru } from '../ru/account.ts';
import type { Catalogue } from '../types.ts';

export const account: Catalogue<typeof ru> = {
  title: 'Personal account',
  navLabel: 'Account sections',
  orders: { title: 'My orders', text: 'Your exchanges and their statuses.' },
  adv: { title: 'Promo materials', text: 'Banners and links to bring in customers.' },
  promocodes: { title: 'Promocodes', text: 'Your promocodes and exchange discounts.' },
  referrer: { title: 'Referral programme', text: 'Balance, earnings history and withdrawals.' },
  settings: { title: 'Settings', text: 'Change your password and account options.' },
};
