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
