// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../shared/schemas/referral.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { WithdrawalsList } from './withdrawals-list.tsx';

const paid: Withdrawal = {
  id: 12,
  amount: '150',
  requisites: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  status: 'paid',
  reference: '0xfeed',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
};

const list = <WithdrawalsList items={[paid]} count={1} page={1} size={10} currency="USDT" pending={false} />;

describe('WithdrawalsList', () => {
  afterEach(cleanup);

  it("names a paid withdrawal's reference as the partner's letter does: the payout's, not a payment's", () => {
    renderAt('/account/referrer', list);
    expect(screen.getByTestId('withdrawal').textContent).toContain('Номер выплаты: 0xfeed');
  });

  it('in English too', () => {
    renderAt('/en/account/referrer', list);
    expect(screen.getByTestId('withdrawal').textContent).toContain('Payout reference: 0xfeed');
  });
});
