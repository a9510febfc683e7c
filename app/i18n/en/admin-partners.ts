import type { adminPartners as ru } from '../ru/admin-partners.ts';
import type { Catalogue } from '../types.ts';

export const adminPartners: Catalogue<typeof ru> = {
  title: 'Partner payouts',
  text: 'Partners’ requests to withdraw their referral balance. The amount is already taken off the balance; rejecting returns it.',
  filter: {
    status: 'Status',
    all: 'All requests',
  },
  status: { pending: 'Awaiting a decision', paid: 'Paid', rejected: 'Rejected' },
  item: {
    number: 'Request No. {{id}}',
    partner: 'Partner',
    amount: 'Amount',
    requisites: 'Requisites',
    balance: 'Partner’s balance now',
    created: 'Created',
    decided: 'Decided',
    reference: 'Payout reference',
    reason: 'Reason',
  },
  actions: {
    pay: 'Paid',
    reject: 'Reject',
    referenceLabel: 'Transaction or transfer reference',
    referenceHint: 'The partner sees it in their payout history.',
    reasonLabel: 'Reason for rejecting',
    reasonHint: 'The partner sees it; the amount returns to their balance.',
    confirmPay: 'Mark as paid',
    confirmReject: 'Reject the request',
    paid: 'Request No. {{id}} is marked paid.',
    rejected: 'Request No. {{id}} is rejected and the amount is back on the balance.',
    failed: 'Could not save. Check the connection and try again.',
    reload: 'Reload',
  },
  emptyTitle: 'No requests',
  emptyText: 'When a partner asks for a payout, it appears here.',
  settings: {
    title: 'Partner programme terms',
    text: 'Changes apply to new accruals and requests; earlier ones stay as they were.',
    percent: 'Percent of the exchanged amount, %',
    minWithdrawal: 'Smallest payout, USDT',
    saved: 'Terms saved.',
  },
};
