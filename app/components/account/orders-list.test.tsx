// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MyClaim } from '../../../shared/schemas/my-claims.ts';
import { renderAt } from '../../../tests/helpers/render-at.tsx';
import { OrdersList } from './orders-list.tsx';

afterEach(cleanup);

const side = (code: string, symbol: string, amount: string) => ({
  code,
  name: code,
  symbol,
  decimals: 2,
  logo: `/logos/${code}.svg`,
  amount,
});
const order = (uuid: string, sameTerms: boolean, offerLapsed = false): MyClaim => ({
  uuid,
  number: uuid.slice(0, 8).toUpperCase(),
  createdAt: '2026-11-22T08:00:00.000Z',
  status: 'requoted',
  course: '0.0105378',
  from: side('SBERRUB', 'RUB', '10000'),
  to: side('USDTTRC20', 'USDT', '105.37'),
  sameTerms,
  offerLapsed,
});

describe('OrdersList', () => {
  it('names a re-quote on the claim’s own terms as the confirmation it asks for, a moved one as a new rate', () => {
    const claims = [
      order('07e48773-68da-42d4-b9dc-3e7f66470f53', true),
      order('5c75d238-0000-4000-8000-000000000000', false),
    ];
    const en = renderAt('/en/account', <OrdersList claims={claims} />);
    const badges = () => screen.getAllByTestId('order').map((li) => li.querySelector('[data-status]')!);
    expect(badges().map((b) => [b.getAttribute('data-status'), b.textContent])).toEqual([
      ['requoted', 'Confirm your order'],
      ['requoted', 'New rate offered'],
    ]);
    en.unmount();
    renderAt('/account', <OrdersList claims={claims} />);
    expect(badges().map((b) => b.textContent)).toEqual(['Подтвердите заявку', 'Новый курс']);
  });

  it('names an offer past its time as lapsed, whichever kind it was, as the claim page does', () => {
    const claims = [
      order('07e48773-68da-42d4-b9dc-3e7f66470f53', true, true),
      order('5c75d238-0000-4000-8000-000000000000', false, true),
    ];
    renderAt('/account', <OrdersList claims={claims} />);
    const names = screen.getAllByTestId('order').map((li) => li.querySelector('[data-status]')!.textContent);
    expect(names).toEqual(['Срок предложения истёк', 'Срок предложения истёк']);
  });
});

describe('OrdersList: the second amount is what the claim will do', () => {
  const withStatus = (status: MyClaim['status'], uuid: string): MyClaim => ({
    ...order(uuid, false),
    status,
  });

  it('a refund shows what goes back, in the send currency; a cancelled or expired claim crosses its payout out', () => {
    renderAt(
      '/account',
      <OrdersList
        claims={[
          withStatus('refund_requested', '11111111-0000-4000-8000-000000000000'),
          withStatus('refunded', '22222222-0000-4000-8000-000000000000'),
          withStatus('cancelled', '33333333-0000-4000-8000-000000000000'),
          withStatus('processing', '44444444-0000-4000-8000-000000000000'),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('order').map((li) => li.textContent.replace(/\u00a0/g, ' '));
    // The claim page's words: "К возврату 10 000,00 RUB", never "Получаете … USDT".
    expect(rows[0]).toContain('К возврату: 10 000,00 RUBК возврату');
    expect(rows[0]).not.toContain('USDT');
    expect(rows[1]).toContain('Возвращено: 10 000,00 RUB');
    expect(rows[2]).toContain('Не будет выплачено: 105,37 USDT');
    expect(screen.getAllByTestId('order')[2]!.querySelector('.line-through')).not.toBeNull();
    expect(rows[3]).toContain('Получаете: 105,37 USDT');
  });
});
