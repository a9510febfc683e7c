import type { adminPaymentDetails as ru } from '../ru/admin-payment-details.ts';
import type { Catalogue } from '../types.ts';

export const adminPaymentDetails: Catalogue<typeof ru> = {
  title: 'Payment details',
  text: 'Where customers pay, per currency. A new order gets the details used longest ago and keeps its own copy: edits here never change orders already created.',
  create: 'Add details',
  filter: { currency: 'Currency', all: 'All currencies', status: 'Show', any: 'All', on: 'On', off: 'Off' },
  uncovered: {
    title: 'Orders in these currencies are refused',
    text: 'They have active directions but no active details: the calculator does not offer them to pay in, and an order that still comes is refused with a request to choose another currency.',
  },
  fields: {
    currency: 'Currency',
    labelRu: 'Name in Russian',
    labelEn: 'Name in English',
    labelEnHint: 'Empty: the English site shows the Russian one.',
    value: 'Details',
    valueHint: {
      card: 'Card number: the check digit is verified.',
      crypto: 'Wallet address on the {{network}} network.',
      bank: "The account as this currency's customers enter it (IBANs are checked).",
      ewallet: "Wallet number or phone, as this currency's customers enter it.",
      cash: 'Office or meeting point.',
    },
    holder: 'Holder',
    memo: 'Memo / tag',
    optional: 'Optional.',
  },
  item: {
    number: '#{{id}}',
    on: 'On',
    off: 'Off',
    uses: 'Given to orders: {{count}}',
    lastUsed: 'last {{at}}',
    never: 'not used yet',
    holder: 'Holder: {{holder}}',
    memo: 'Memo: {{memo}}',
    switchOff: 'Switch off',
    switchOn: 'Switch on',
    confirmOff: 'Switch off anyway',
  },
  created: 'Details added.',
  saved: 'Details saved.',
  switchedOff: 'Details switched off: new orders will not get them.',
  switchedOn: 'Details switched on.',
  emptyTitle: 'No details found',
  emptyText: 'Add details or change the filter.',
};
