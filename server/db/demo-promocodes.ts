import type { promocodes } from './schema-promocodes.ts';

/** Public demo promocodes (anyone may use them; the account's list shows codes assigned to a customer). */
export const demoPromocodes: (typeof promocodes.$inferInsert)[] = [
  // A first exchange a little better: once per customer, no end date.
  { code: 'WELCOME', discountPercent: '0.5', perCustomer: 1 },
  // A campaign with a total budget of uses.
  {
    code: 'CRYPTO2027',
    discountPercent: '0.3',
    perCustomer: 3,
    maxUses: 500,
    validTo: new Date('2027-12-31T21:00:00Z'),
  },
];
