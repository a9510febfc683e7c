import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCourse } from '../../shared/format.ts';
import { activeUser, login } from '../helpers/accounts.ts';
import { build, type TestApp } from '../helpers/build.ts';
import { claimHelpers } from '../helpers/claims.ts';

/**
 * A logged-in customer's home page prices the calculator with their own course (the pair's bonus for registered
 * customers) from the first paint, the page cache on, as the pair's answer does for their token: the form's code wakes
 * only when touched (app/components/exchange/exchange-island.tsx), so a guest's course there stood until then.
 */
describe('the home page of a logged-in customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const courseIn = (html: string) => /data-testid="course"[^>]*>([^<]+)</.exec(html)?.[1];

  it('shows the customer’s own course, the guests theirs, from the cache as from a render', async () => {
    const h = claimHelpers(t);
    const [sber, usdt] = await Promise.all([h.id('SBERRUB'), h.id('USDTTRC20')]);
    const own = (await t.services.calculator.pair(sber, usdt, 'ru', true))!;
    const guests = (await t.services.calculator.pair(sber, usdt, 'ru'))!;
    expect(own.course).not.toBe(guests.course);
    const line = (course: string) => formatCourse(course, { symbol: 'RUB' }, { symbol: 'USDT' }, 'ru').text;

    await activeUser(t, 'home-course@obmen.test');
    const { cookie } = await login(t, 'home-course@obmen.test', 'correct horse battery');
    const url = '/?cur_from=SBERRUB&cur_to=USDTTRC20';
    for (let round = 0; round < 2; round++) {
      const guest = await t.inject({ method: 'GET', url });
      expect(courseIn(guest.body), `guest, round ${round}`).toBe(line(guests.course));
      const customer = await t.inject({ method: 'GET', url, headers: { cookie: `refreshToken=${cookie}` } });
      expect(customer.body).toContain('home-course@obmen.test');
      expect(courseIn(customer.body), `customer, round ${round}`).toBe(line(own.course));
    }
  });
});
