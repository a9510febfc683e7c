// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  claimCalls,
  describedText,
  fetchMock,
  fillValid,
  initial,
  input,
  json,
  queued,
  renderForm,
  rubToUsdt,
  installFormServer,
  typeIn,
} from '../../../tests/helpers/exchange-form-kit.tsx';

installFormServer();

describe('ExchangeForm amounts', () => {
  it('starts at the pair’s minimum and shows course, limits, reserve, bonus and both notices', () => {
    renderForm();
    expect(input('fromSumma').value).toBe('1,000.00');
    expect(input('toSumma').value).toBe('10.50');
    expect(screen.getByTestId('course').textContent).toBe('95.24\u00a0RUB = 1\u00a0USDT');
    expect(screen.getByText(/Reserve/).textContent).toBe('Reserve: 185,000.00 USDT');
    expect(screen.getByText('Bonus for registered customers: +0.5% to the rate')).toBeTruthy();
    expect(describedText(input('fromSumma'))).toContain('Min 1,000.00\u00a0RUB');
    expect(describedText(input('fromSumma'))).toContain('Pay only from your own card.');
    expect(describedText(input('toSumma'))).toContain('Payout after 1-3 confirmations.');
  });

  it('converts both ways while typing, and clamps the send amount only when the customer is done', () => {
    renderForm();
    typeIn('fromSumma', '1,500.5');
    expect(input('fromSumma').value).toBe('1500.5');
    expect(input('toSumma').value).toBe('15.75');

    // Typing a small number is not fought on every keystroke...
    typeIn('fromSumma', '5');
    expect(input('fromSumma').value).toBe('5');
    // ...leaving the field moves it to the minimum and says so.
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1,000.00');
    expect(input('toSumma').value).toBe('10.50');
    expect(screen.getByTestId('send-notice').textContent).toBe(
      'Raised to the minimum, 1,000.00\u00a0RUB: this direction accepts no less',
    );

    typeIn('toSumma', '100');
    expect(input('fromSumma').value).toBe('9,523.81');
    fireEvent.blur(input('toSumma'));
    expect(input('toSumma').value).toBe('100.00');

    typeIn('fromSumma', '900000');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('500,000.00');
  });
});

describe('ExchangeForm: a logged-in customer’s own course arrives late', () => {
  /** The customer's settings (the bonus course) held back until the test delivers them. */
  function ownPairLater() {
    const own = { ...rubToUsdt, course: '0.0106' };
    let deliver: (() => void) | null = null;
    const server = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url, init) =>
      String(url).endsWith('/calculator/pair/1/3/')
        ? new Promise<Response>((resolve) => (deliver = () => resolve(json(200, own))))
        : server(url, init),
    );
    return async () => {
      await waitFor(() => expect(deliver).not.toBeNull());
      await act(async () => deliver!());
      await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('94.34\u00a0RUB = 1\u00a0USDT'));
    };
  }

  it('keeps the send amount typed meanwhile, even under the minimum, and prices it with the new course', async () => {
    const arrive = ownPairLater();
    renderForm('/en', initial(), 'me@example.com');
    typeIn('fromSumma', '10000');
    await arrive();
    expect(input('fromSumma').value).toBe('10000');
    expect(input('toSumma').value).toBe('106.00');

    // Still being typed: the limits apply when the customer leaves the field.
    typeIn('fromSumma', '5');
    expect(input('fromSumma').value).toBe('5');
    fireEvent.blur(input('fromSumma'));
    expect(input('fromSumma').value).toBe('1,000.00');
  });

  it('keeps the receive amount typed meanwhile and works the send amount out with the new course', async () => {
    const arrive = ownPairLater();
    renderForm('/en', initial(), 'me@example.com');
    typeIn('toSumma', '100');
    expect(input('fromSumma').value).toBe('9,523.81');
    await arrive();
    expect(input('toSumma').value).toBe('100');
    expect(input('fromSumma').value).toBe('9,433.97');
  });

  it('an untouched form starts again from the minimum, priced with the new course', async () => {
    const arrive = ownPairLater();
    renderForm('/en', initial(), 'me@example.com');
    await arrive();
    expect(input('fromSumma').value).toBe('1,000.00');
    expect(input('toSumma').value).toBe('10.60');
  });
});

describe('ExchangeForm currencies', () => {
  it('searches the send list, reloads the allowed receive list, falls back to its first currency, then the pair', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    const search = screen.getByRole('combobox', { name: 'Currency search' });
    expect(within(screen.getByRole('listbox', { name: 'You send' })).getAllByRole('option')).toHaveLength(3);
    fireEvent.change(search, { target: { value: 'tether' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tether TRC20USDT']);
    fireEvent.keyDown(search, { key: 'Enter' });

    // USDT cannot be exchanged into USDT: the receive side becomes the first allowed currency, Sber RUB.
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 94.90\u00a0RUB'));
    expect(screen.getByRole('button', { name: /You receive/ }).textContent).toContain('Sberbank RUB');
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.indexOf('/en/api/v1/calculator/from/3/')).toBeLessThan(
      calls.indexOf('/en/api/v1/calculator/pair/3/1/'),
    );
    expect(window.location.search).toBe('?cur_from=USDTTRC20&cur_to=SBERRUB');
    // Another money: the amount starts again from the new pair's minimum.
    expect(input('fromSumma').value).toBe('10.00');

    fireEvent.click(screen.getByRole('button', { name: /You receive/ }));
    fireEvent.click(screen.getByRole('option', { name: /Bitcoin/ }));
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('95,785.45\u00a0USDT = 1\u00a0BTC'));
    expect(window.location.search).toBe('?cur_from=USDTTRC20&cur_to=BTC');
    // The same send currency: the amount stays, clamped to the new pair's minimum.
    expect(input('fromSumma').value).toBe('50.00');
    expect(input('toSumma').value).toBe('0.000522');
    // Nothing was typed: the form moved its own amount, which is no news to the customer.
    expect(screen.getByTestId('send-notice').textContent).toBe('');
  });

  it('names a currency’s network once: not again beside a name that already says it, in the list or the button', async () => {
    renderForm();
    const send = () => screen.getByRole('button', { name: /You send/ });
    fireEvent.click(send());
    // "Tether TRC20" says its network: the list writes its symbol only, not "Tether TRC20 · USDT · TRC20".
    expect(screen.getByRole('option', { name: /Tether/ }).textContent).toBe('Tether TRC20USDT');
    fireEvent.click(screen.getByRole('option', { name: /Tether/ }));
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 94.90\u00a0RUB'));
    expect(send().textContent).toBe('Tether TRC20USDT');
    cleanup();

    // A name without its network: the network is written beside the symbol, in the list and on the button.
    const init = initial();
    const tether = { ...init.currencies.find((c) => c.code === 'USDTTRC20')!, name: 'Tether' };
    renderForm('/en', { ...init, currencies: init.currencies.map((c) => (c.id === tether.id ? tether : c)) });
    fireEvent.click(send());
    expect(screen.getByRole('option', { name: /Tether/ }).textContent).toBe('TetherUSDT · TRC20');
    fireEvent.click(screen.getByRole('option', { name: /Tether/ }));
    await waitFor(() => expect(send().textContent).toBe('TetherUSDT · TRC20'));
    // A currency without a network says its kind.
    expect(screen.getByRole('button', { name: /You receive/ }).textContent).toBe('Sberbank RUBBank cards');
  });

  it('filters by kind with the All / kind toggles and closes on Escape, back on its button', () => {
    renderForm();
    const trigger = screen.getByRole('button', { name: /You send/ });
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cryptocurrency' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tether TRC20USDT']);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps the amount when the new send currency is the same money', async () => {
    renderForm();
    typeIn('fromSumma', '2000');
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /You send/ }).textContent).toContain('T-Bank RUB'));
    await waitFor(() => expect(input('toSumma').value).toBe('21.00'));
    expect(input('fromSumma').value).toBe('2000.00');
  });

  it('keeps what the customer types while the new pair loads, over the amount carried from the old one', async () => {
    let deliver: (() => void) | null = null;
    const server = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((url, init) =>
      String(url).endsWith('/calculator/pair/2/3/')
        ? new Promise<Response>((resolve) => (deliver = () => resolve(json(200, { ...rubToUsdt, fromCurrencyId: 2 }))))
        : server(url, init),
    );
    renderForm();
    typeIn('fromSumma', '2000');
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(deliver).not.toBeNull());
    typeIn('fromSumma', '2500');
    await act(async () => deliver!());
    await waitFor(() => expect(input('toSumma').value).toBe('26.25'));
    expect(input('fromSumma').value).toBe('2500');
  });

  it('swaps to the reverse pair when it exists: what was received is now sent', async () => {
    renderForm();
    const swap = screen.getByRole('button', { name: 'Swap the direction' });
    swap.focus();
    fireEvent.click(swap);
    // While the reverse pair loads the button says it is busy but keeps the keyboard's focus (disabled, it lost it to
    // the page's top), and it is the same button after: a keyboard user swaps back from where they are.
    // (A browser moves the focus off a disabled button; happy-dom does not, so `disabled` itself is what is checked.)
    expect(swap.getAttribute('aria-disabled')).toBe('true');
    expect(swap).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(swap);
    await waitFor(() => expect(screen.getByTestId('course').textContent).toBe('1\u00a0USDT = 94.90\u00a0RUB'));
    expect(screen.getByRole('button', { name: /You send/ }).textContent).toContain('Tether TRC20');
    expect(screen.getByRole('button', { name: /You receive/ }).textContent).toContain('Sberbank RUB');
    expect(input('fromSumma').value).toBe('10.50');
    expect(input('toSumma').value).toBe('996.45');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Swap the direction' }));
    expect(swap.getAttribute('aria-disabled')).toBeNull();
  });

  it('offers no swap when the reverse pair does not exist', () => {
    renderForm('/en', initial({ fromId: 2, pair: { ...rubToUsdt, fromCurrencyId: 2 } }));
    expect(screen.getByRole('button', { name: 'Swap the direction' })).toHaveProperty('disabled', true);
  });
});

describe('ExchangeForm claim', () => {
  it('checks requisites on leaving a field and everything on submit, without calling the server', () => {
    renderForm();
    fireEvent.change(input('fromRequisites.card'), { target: { value: '2202 2012 3456 7890' } });
    fireEvent.blur(input('fromRequisites.card'));
    expect(describedText(input('fromRequisites.card'))).toBe(
      'The card number has a typo: its check digit does not match. Check every digit.',
    );
    // Typing clears the message.
    fireEvent.change(input('fromRequisites.card'), { target: { value: '2202 2012 3456 7895' } });
    expect(input('fromRequisites.card').getAttribute('aria-invalid')).toBeNull();

    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(describedText(input('toRequisites.address'))).toBe('This field is required.');
    expect(describedText(input('email'))).toContain('This field is required.');
    expect(describedText(input('agree'))).toBe('Please accept the exchange rules.');
    // Hidden inputs are not rendered and not required.
    expect(input('toRequisites.refund')).toBeNull();
    expect(document.activeElement).toBe(input('toRequisites.address'));
    expect(claimCalls()).toHaveLength(0);
  });

  it('another pair drops the old pair’s requisite messages, also under a field of the same name', async () => {
    renderForm();
    fireEvent.change(input('fromRequisites.card'), { target: { value: '2202 2012 3456 7890' } });
    fireEvent.blur(input('fromRequisites.card'));
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(describedText(input('fromRequisites.card'))).toContain('check digit does not match');
    expect(describedText(input('toRequisites.address'))).toBe('This field is required.');
    expect(describedText(input('email'))).toContain('This field is required.');

    // T-Bank RUB to USDT asks for a sender's card too, under the same name: a new, empty field.
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /You send/ }).textContent).toContain('T-Bank RUB'));
    await waitFor(() => expect(input('fromRequisites.card')).not.toBeNull());
    expect(input('fromRequisites.card').value).toBe('');
    expect(input('fromRequisites.card').getAttribute('aria-invalid')).toBeNull();
    expect(describedText(input('fromRequisites.card'))).not.toContain('check digit');
    expect(describedText(input('toRequisites.address'))).toBe('');
    // What the pair does not decide stays: the e-mail is still empty.
    expect(describedText(input('email'))).toContain('This field is required.');

    // Checked again as before: on leaving the field, and on submit.
    fireEvent.change(input('fromRequisites.card'), { target: { value: '1234' } });
    fireEvent.blur(input('fromRequisites.card'));
    expect(input('fromRequisites.card').getAttribute('aria-invalid')).toBe('true');
  });

  it('a second submit after fixing some fields leaves messages only under the fields still wrong', () => {
    renderForm();
    fireEvent.change(input('fromRequisites.card'), { target: { value: '1234' } });
    fireEvent.change(input('toRequisites.address'), { target: { value: 'hello' } });
    fireEvent.change(input('email'), { target: { value: 'not-an-email' } });
    fireEvent.submit(screen.getByTestId('exchange-form'));
    const invalid = () =>
      [...document.querySelectorAll('form [aria-invalid="true"]')].map((e) => e.getAttribute('name'));
    expect(invalid()).toEqual(['fromRequisites.card', 'toRequisites.address', 'email', 'agree']);
    fireEvent.change(input('fromRequisites.card'), { target: { value: '2202 2012 3456 7895' } });
    fireEvent.change(input('email'), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByLabelText(/I accept the/));
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(invalid()).toEqual(['toRequisites.address']);
    expect(describedText(input('email'))).not.toContain('valid email');
    expect(claimCalls()).toHaveLength(0);
  });

  it('the first field with an error is focused with its group’s heading in view below the sticky header', () => {
    renderForm();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const legend = screen.getByText('Sender details', { selector: 'legend' });
    // The page is scrolled past the heading, as on a phone after the first submit.
    vi.spyOn(legend, 'getBoundingClientRect').mockReturnValue({ top: -40, bottom: -10 } as DOMRect);
    const focus = vi.spyOn(input('fromRequisites.card'), 'focus');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    expect(document.activeElement).toBe(input('fromRequisites.card'));
    // Not the focus's own scroll, which stops at the field and leaves the heading under the header.
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(scrolled).toEqual([legend]);
    expect(legend.className).toContain('scroll-mt-20');
    scrollIntoView.mockRestore();
  });

  it('posts the claim with an Idempotency-Key and goes to the claim page', async () => {
    queued.claim.push(json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f00' }));
    renderForm('/en', initial(), 'me@example.com');
    expect(input('email').value).toBe('me@example.com');
    fireEvent.change(input('email'), { target: { value: 'ann@example.com' } });
    fillValid();
    typeIn('fromSumma', '1500');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText('claim page 0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f00');
    const [[url, init]] = claimCalls() as [[string, RequestInit]];
    expect(url).toBe('/en/api/v1/claim/');
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'ann@example.com',
      fromPs: 1,
      toPs: 3,
      fromSumma: '1500.00',
      toSumma: '15.75',
      fromRequisites: { card: '2202 2012 3456 7895' },
      toRequisites: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      recaptcha: '',
    });
  });

  it('shows the server’s field errors under their inputs and other messages above the button', async () => {
    queued.claim.push(
      json(400, { 'toRequisites.address': ['Enter a valid TRC20 address.'], toPs: ['Not available.'] }),
    );
    renderForm();
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await waitFor(() => expect(describedText(input('toRequisites.address'))).toBe('Enter a valid TRC20 address.'));
    expect(screen.getByText('Not available.')).toBeTruthy();
  });

  it('another pair drops the messages above the button that answered the old pair’s claim', async () => {
    queued.claim.push(json(400, { toPs: ['Not available.'] }));
    renderForm();
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText('Not available.');
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /You send/ }).textContent).toContain('T-Bank RUB'));
    expect(screen.queryByText('Not available.')).toBeNull();
  });

  it('after a network error, sending the same claim again reuses its Idempotency-Key; a changed claim gets a new one', async () => {
    queued.claim.push(
      new TypeError('Failed to fetch'),
      json(400, { detail: 'Too many requests.' }),
      json(400, { detail: 'x' }),
    );
    renderForm();
    fillValid();
    const form = screen.getByTestId('exchange-form');
    fireEvent.submit(form);
    await screen.findByText('No connection to the server. Check your connection and try again.');
    fireEvent.submit(form);
    await screen.findByText('Too many requests.');
    typeIn('fromSumma', '2000');
    fireEvent.submit(form);
    await waitFor(() => expect(claimCalls()).toHaveLength(3));
    const keys = claimCalls().map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('ignores a second submit while the first is on its way', async () => {
    let answer!: (r: Response) => void;
    queued.claim.push(new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    fillValid();
    const form = screen.getByTestId('exchange-form');
    fireEvent.submit(form);
    await waitFor(() => expect(claimCalls()).toHaveLength(1));
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: /Creating the order/ })).toHaveProperty('disabled', true);
    answer(json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f01' }));
    await screen.findByText(/claim page/);
    expect(claimCalls()).toHaveLength(1);
  });

  /** The server's rate_changed answer for 1,500 RUB at the new course 0.0104, with the terms it is made of or not. */
  const rateChanged = (breakdown?: object) =>
    json(400, {
      detail: 'The rate has changed.',
      code: 'rate_changed',
      course: '0.0104',
      fromSumma: '1500',
      toSumma: '15.60',
      ...(breakdown ? { breakdown } : {}),
    });

  it('on a rate change shows the new figures and, once accepted, sends them as a new attempt', async () => {
    queued.claim.push(rateChanged(), json(201, { uuid: '0b7c1c9e-5a43-4d36-9c1c-2f4f6a1e8f02' }));
    renderForm();
    fillValid();
    typeIn('fromSumma', '1500');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    const notice = await screen.findByText('The rate has changed');
    expect(notice.parentElement!.textContent).toContain(
      'New rate: 96.16\u00a0RUB = 1\u00a0USDT. You send 1,500.00\u00a0RUB and receive 15.60\u00a0USDT.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept and create the order' }));
    await screen.findByText(/claim page/);
    const [first, second] = claimCalls().map(([, init]) => init!);
    expect(JSON.parse(second!.body as string)).toMatchObject({ fromSumma: '1500', toSumma: '15.60' });
    expect((second!.headers as Record<string, string>)['Idempotency-Key']).not.toBe(
      (first!.headers as Record<string, string>)['Idempotency-Key'],
    );
  });

  it('after an accepted rate change shows the breakdown of the new course, when the server sent its terms', async () => {
    const terms = { ...rubToUsdt.breakdown, markupPercent: '16.8', updatedAt: '2026-11-27T08:00:00.000Z' };
    const refused = () => json(400, { email: ['Enter a valid email address.'] });
    const breakdownShown = () => screen.queryAllByText('How the amount is made up').length > 0;

    queued.claim.push(rateChanged(terms), refused());
    renderForm();
    fillValid();
    typeIn('fromSumma', '1500');
    expect(breakdownShown()).toBe(true);
    fireEvent.submit(screen.getByTestId('exchange-form'));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and create the order' }));
    await screen.findByText('Enter a valid email address.');
    // The form now prices with the accepted course, and its breakdown adds up to the amount shown; the send amount
    // is written to its decimals as the field writes it.
    expect(input('fromSumma').value).toBe('1500.00');
    expect(input('toSumma').value).toBe('15.60');
    expect(breakdownShown()).toBe(true);
    expect(screen.getAllByText(/16\.8\s?%/).length).toBeGreaterThan(0);
    cleanup();

    // An answer without its terms (an older server): the course changes, the breakdown is hidden rather than wrong.
    queued.claim.push(rateChanged(), refused());
    renderForm();
    fillValid();
    typeIn('fromSumma', '1500');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    fireEvent.click(await screen.findByRole('button', { name: 'Accept and create the order' }));
    await screen.findByText('Enter a valid email address.');
    expect(input('toSumma').value).toBe('15.60');
    expect(breakdownShown()).toBe(false);
  });

  it('another pair drops a new rate offered for the old one', async () => {
    queued.claim.push(rateChanged());
    renderForm();
    fillValid();
    typeIn('fromSumma', '1500');
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText('The rate has changed');
    fireEvent.click(screen.getByRole('button', { name: /You send/ }));
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /You send/ }).textContent).toContain('T-Bank RUB'));
    // Accepting it would have priced T-Bank's pair with Sberbank's new course.
    expect(screen.queryByText('The rate has changed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept and create the order' })).toBeNull();
  });

  it('keeps the pair, the amounts and the requisites as sent while the claim is on its way, and gives them back after a refusal', async () => {
    let answer!: (r: Response) => void;
    queued.claim.push(new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await waitFor(() => expect(claimCalls()).toHaveLength(1));
    const sendPicker = () => screen.getByRole('button', { name: /You send/ });
    const controls = () => [
      sendPicker(),
      screen.getByRole('button', { name: /You receive/ }),
      screen.getByRole('button', { name: 'Swap the direction' }),
      screen.getByRole('button', { name: 'Min 1,000.00\u00a0RUB: use this amount' }),
    ];
    const fields = ['fromSumma', 'toSumma', 'fromRequisites.card', 'toRequisites.address', 'email', 'promocode'];

    // Off while it is on its way: a press on the send currency opens no list, the fields cannot be typed into.
    expect(screen.getByRole('button', { name: /Creating the order/ })).toHaveProperty('disabled', true);
    for (const control of controls()) expect(control).toHaveProperty('disabled', true);
    for (const name of fields) expect(input(name).readOnly).toBe(true);
    fireEvent.click(sendPicker());
    expect(screen.queryByRole('listbox')).toBeNull();

    await act(async () => answer(json(400, { 'fromRequisites.card': ['Card is blocked.'] })));
    await waitFor(() => expect(describedText(input('fromRequisites.card'))).toBe('Card is blocked.'));
    // The refused field has focus, and everything can be changed again.
    expect(document.activeElement).toBe(input('fromRequisites.card'));
    for (const control of controls()) expect(control).toHaveProperty('disabled', false);
    for (const name of fields) expect(input(name).readOnly).toBe(false);
    fireEvent.click(sendPicker());
    fireEvent.click(screen.getByRole('option', { name: /T-Bank RUB/ }));
    await waitFor(() => expect(sendPicker().textContent).toContain('T-Bank RUB'));
  });

  it('under maintenance shows the message and keeps the button off, from the start or when the server says so', async () => {
    renderForm('/', initial({ tech: { maintenance: true, message: 'Идут работы до 12:00.' } }));
    expect(screen.getByText('Идут работы до 12:00.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Создать заявку' })).toHaveProperty('disabled', true);
    cleanup();

    queued.claim.push(json(503, { detail: 'Maintenance in progress.', code: 'maintenance' }));
    renderForm();
    fillValid();
    fireEvent.submit(screen.getByTestId('exchange-form'));
    await screen.findByText('Maintenance in progress.');
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveProperty('disabled', true);
  });

  it('says so when no pair can be priced, and offers no button', async () => {
    await act(async () => {
      renderForm('/en', initial({ pair: null, toId: null }));
    });
    expect(screen.getByText('This direction is not available now. Choose another currency.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create order' })).toHaveProperty('disabled', true);
  });
});
