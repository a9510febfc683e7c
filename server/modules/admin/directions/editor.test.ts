import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCurrencyDetail, AdminDirection } from '../../../../shared/schemas/admin-directions.ts';
import type { PairSettings } from '../../../../shared/schemas/exchange.ts';
import type { RequisiteInput } from '../../../../shared/exchange/requisites.ts';
import { build, type TestApp } from '../../../../tests/helpers/build.ts';
import { eq } from 'drizzle-orm';
import { currencies, paymentDetails } from '../../../db/schema-exchange.ts';
import { claimHelpers } from '../../../../tests/helpers/claims.ts';
import { activeUser, bearer, login } from '../../../../tests/helpers/accounts.ts';
import { staffUser, type StaffUser } from '../../../../tests/helpers/staff.ts';

/** Issue 6 §3, the editor: currencies with their requisite inputs, and directions, created and edited through the API. */

const inputs = {
  fromInputs: [
    {
      name: 'account',
      label: { ru: 'Номер счёта Payoneer', en: 'Payoneer account' },
      kind: 'text',
      pattern: 'PY\\d{6,10}',
      example: 'PY1234567',
    },
  ],
  toInputs: [
    {
      name: 'wallet',
      label: { ru: 'E-mail кошелька', en: 'Wallet e-mail' },
      kind: 'email',
      example: 'anna@example.com',
    },
    {
      name: 'holder',
      label: { ru: 'Владелец', en: 'Holder' },
      kind: 'text',
      required: false,
      example: 'Anna Smirnova',
    },
  ],
};

const newCurrency = {
  code: 'pyrusd',
  name: { ru: 'Payoneer USD', en: 'Payoneer USD' },
  kind: 'ewallet',
  symbol: 'USD',
  decimals: 2,
  logo: '/currencies/prusd.svg',
  ...inputs,
};

type Audit = { results: { action: string; before: unknown; after: Record<string, unknown> }[] };

describe('admin: currencies and directions created and edited', () => {
  let t: TestApp;
  let operator: StaffUser;
  let h: ReturnType<typeof claimHelpers>;
  let currency: AdminCurrencyDetail;
  let sber: number;
  let usdt: number;

  beforeAll(async () => {
    t = await build({ ssr: false, env: { JOBS: 'false' } });
    h = claimHelpers(t);
    operator = await staffUser(t, 'operator');
    sber = await h.id('SBERRUB');
    usdt = await h.id('USDTTRC20');
  });
  afterAll(() => t.close());

  const audit = async (entity: string, id: number) =>
    (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/audit/?entity=${entity}&entity_id=${id}` })
    ).json() as Audit;
  const post = (url: string, payload: object, prefix = '') =>
    operator.inject({ method: 'POST', url: `${prefix}${url}`, payload });
  const put = (url: string, payload: object, prefix = '') =>
    operator.inject({ method: 'PUT', url: `${prefix}${url}`, payload });

  it('checks roles on every new call: a guest 401, a customer 403', async () => {
    await activeUser(t, 'editor-buyer@example.com', 'customer password');
    const { access } = await login(t, 'editor-buyer@example.com', 'customer password');
    const calls = [
      { method: 'POST' as const, url: '/api/v1/admin/currencies/', payload: newCurrency },
      { method: 'GET' as const, url: '/api/v1/admin/currencies/1/' },
      { method: 'PUT' as const, url: '/api/v1/admin/currencies/1/', payload: { position: 1 } },
      {
        method: 'POST' as const,
        url: '/api/v1/admin/directions/',
        payload: { fromCurrencyId: 1, toCurrencyId: 2, courseMode: 'manual', courseManual: '1' },
      },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      expect((await t.inject({ ...call, headers: bearer(access) })).statusCode, call.url).toBe(403);
    }
  });

  it('refuses a bad currency with a field error per bad value, in English and in Russian', async () => {
    const bad = {
      code: 'usdt-trc',
      name: { ru: '', en: 'x' },
      kind: 'stocks',
      symbol: 'US DOLLAR',
      network: 'trc 20',
      decimals: 19,
      logo: 'http://example.com/logo.svg',
      position: -1,
      fromInputs: [
        { name: '1card', label: { ru: 'a', en: 'a' }, kind: 'card', example: '1' },
        { name: 'card', label: { ru: 'a', en: 'a' }, kind: 'fax', pattern: '(', example: '2' },
        { name: 'card', label: { ru: 'a', en: 'a' }, kind: 'text', example: 'ok' },
      ],
    };
    const en = await post('/api/v1/admin/currencies/', bad, '/en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: ['Invalid format, e.g. USDTTRC20.'],
      'name.ru': ['This field is required.'],
      kind: ['Not a valid choice.'],
      symbol: ['Invalid format, e.g. USDT.'],
      network: ['Invalid format, e.g. TRC20.'],
      decimals: ['Enter a whole number from 0 to 18.'],
      logo: ['Give a file under /currencies/ (e.g. /currencies/btc.svg) or an https:// address.'],
      position: ['Enter a whole number from 0 to 100,000.'],
      'fromInputs.0.name': [
        'The field name: lower-case latin letters, digits and _, starting with a letter, at most 32 characters.',
      ],
      'fromInputs.1.kind': ['Not a valid choice.'],
      'fromInputs.1.pattern': ['This is not a valid regular expression (200 characters at most).'],
    });
    const valid = inputs.toInputs[0]!;
    const ru = await post('/api/v1/admin/currencies/', {
      ...newCurrency,
      decimals: 19,
      toInputs: [valid, { ...valid, label: { ru: 'Ещё', en: 'More' } }],
    });
    expect(ru.json()).toEqual({
      decimals: ['Введите целое число от 0 до 18.'],
      'toInputs.1.name': ['Поле с таким именем на этой стороне уже есть.'],
    });

    // A pattern that backtracks for minutes on a near miss is refused; the formats an exchange writes are not.
    const slow = await post('/api/v1/admin/currencies/', {
      ...newCurrency,
      code: 'SLOWRX',
      toInputs: [{ ...valid, pattern: '(\\w+\\s?)*' }],
    });
    expect(slow.statusCode).toBe(400);
    expect(slow.json()).toEqual({
      'toInputs.0.pattern': [
        'Такое выражение может проверяться минутами (повтор внутри повтора, как в (a+)+): упростите его.',
      ],
    });
    // A choice inside a repeat is as slow (`(\w|\d)+` tries every way its branches split a near miss: 2^n), and
    // safe-regex2 let it through: a guest's claim with 40 letters and a near miss held the whole server.
    for (const pattern of ['(\\w|\\d)+', '(a|ab)*c', '((a|a)c)*', '(?:x|y){1,50}']) {
      const choice = await post(
        '/api/v1/admin/currencies/',
        { ...newCurrency, code: 'SLOWCH', toInputs: [{ ...valid, pattern }] },
        '/en',
      );
      expect(choice.statusCode, pattern).toBe(400);
      expect(choice.json(), pattern).toEqual({
        'toInputs.0.pattern': [
          'This expression can take minutes to check (a choice inside a repeat, as in (a|b)+): simplify it, e.g. to [ab]+.',
        ],
      });
    }
    for (const pattern of [
      "[\\p{L} .'-]{3,80}",
      '41001\\d{7,11}',
      '[A-Za-z0-9 _-]{1,120}',
      'P\\d{7,12}',
      '(?:RU|KZ)\\d{10}',
      '[\\w\\d]+',
    ]) {
      const fine = await post('/api/v1/admin/currencies/', {
        ...newCurrency,
        code: `RX${pattern.length}`,
        toInputs: [{ ...valid, pattern, example: valid.example }],
      });
      expect(fine.json(), pattern).not.toHaveProperty(['toInputs.0.pattern']);
    }
    // The server runs patterns on RE2 (linear time): what it cannot run, or would read otherwise, is refused by the
    // server (the console's form compiles patterns in JavaScript only), with the field named all the same.
    // Lookbehinds and inline flags are named so by the schema itself (safe-regex2 cannot read them, and called them slow).
    for (const pattern of ['P(?=\\d)\\d+', '(\\d)\\1+', '(?!x)P\\d+', '(?<d>\\d)\\k<d>', '(?<=P)\\d+', '(?i:p)\\d+']) {
      const unsupported = await post(
        '/api/v1/admin/currencies/',
        { ...newCurrency, code: 'LOOKRX', toInputs: [{ ...valid, pattern }] },
        '/en',
      );
      expect(unsupported.statusCode, pattern).toBe(400);
      expect(unsupported.json(), pattern).toEqual({
        'toInputs.0.pattern': [
          'The server cannot check this expression. Remove backreferences (\\1), lookarounds ((?=…)), flags ((?i:…)), \\S inside […] and counts above 1000; of Unicode properties, categories and full script names work (\\p{L}, \\p{Script=Cyrillic}).',
        ],
      });
    }

    // Examples must pass their own input's rules (the network decides an address's shape); cash needs a city.
    const examples = await post(
      '/api/v1/admin/currencies/',
      {
        ...newCurrency,
        code: 'CASHX',
        kind: 'cash',
        network: 'TRC20',
        fromInputs: [{ name: 'address', label: { ru: 'a', en: 'a' }, kind: 'address', example: '0x12' }],
        toInputs: [{ name: 'card', label: { ru: 'a', en: 'a' }, kind: 'card', example: '4111 1111 1111 1112' }],
      },
      '/en',
    );
    expect(examples.json()).toEqual({
      city: ['This field is required.'],
      'fromInputs.0.example': ['Enter a valid TRC20 address.'],
      'toInputs.0.example': ['The card number has a typo: its check digit does not match. Check every digit.'],
    });
    const taken = await post('/api/v1/admin/currencies/', { ...newCurrency, code: 'btc' }, '/en');
    expect(taken.json()).toEqual({ code: ['A currency with this code already exists.'] });
    expect((await post('/api/v1/admin/currencies/', {}, '/en')).json()).toMatchObject({
      code: ['This field is required.'],
      logo: ['This field is required.'],
    });
  });

  it('creates a currency with its inputs (code upper-cased, reserve 0), reads it back, audits it', async () => {
    const res = await post('/api/v1/admin/currencies/', newCurrency);
    expect(res.statusCode).toBe(201);
    currency = res.json();
    h = claimHelpers(t); // its id lookup is cached: read the list again with the new currency in it
    expect(currency).toMatchObject({
      code: 'PYRUSD',
      reserve: '0',
      sendVisible: true,
      receiveVisible: true,
      network: null,
      city: null,
    });
    // Defaults filled in: every input visible, required unless said otherwise, no pattern unless given.
    expect(currency.toInputs[1]).toEqual({ ...inputs.toInputs[1], visible: true, pattern: null });
    expect(currency.fromInputs[0]).toMatchObject({ required: true, pattern: 'PY\\d{6,10}' });
    const read = await operator.inject({ method: 'GET', url: `/api/v1/admin/currencies/${currency.id}/` });
    expect(read.json()).toEqual(currency);
    const list = (await operator.inject({ method: 'GET', url: '/api/v1/admin/currencies/' })).json() as {
      results: { code: string }[];
    };
    expect(list.results.at(-1)!.code).toBe('PYRUSD');
    const log = await audit('currency', currency.id);
    expect(log.results[0]).toMatchObject({ action: 'currency.create', before: null, after: { code: 'PYRUSD' } });
    expect((await operator.inject({ method: 'GET', url: '/api/v1/admin/currencies/999999/' })).statusCode).toBe(404);
  });

  it('keeps an English example beside a Russian one, checked by the same rules, shown on English pages', async () => {
    const holder = {
      name: 'holder',
      label: { ru: 'Владелец', en: 'Holder' },
      kind: 'text',
      pattern: "[\\p{L} .'-]{3,80}",
    };
    const bad = await post(
      '/api/v1/admin/currencies/',
      { ...newCurrency, code: 'EXEN1', toInputs: [{ ...holder, example: 'Анна Смирнова', exampleEn: 'Anna 123' }] },
      '/en',
    );
    expect(bad.statusCode).toBe(400);
    // Its message cites the example that passes: the Russian one.
    expect(bad.json()).toEqual({ 'toInputs.0.exampleEn': ['Invalid format, e.g. Анна Смирнова.'] });
    const res = await post('/api/v1/admin/currencies/', {
      ...newCurrency,
      code: 'EXEN2',
      toInputs: [{ ...holder, example: 'Анна Смирнова', exampleEn: 'Anna Smirnova' }],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminCurrencyDetail;
    expect(created.toInputs[0]).toMatchObject({ example: 'Анна Смирнова', exampleEn: 'Anna Smirnova' });
    // Left empty: the example serves both languages, and nothing is stored for English.
    const plain = await post('/api/v1/admin/currencies/', {
      ...newCurrency,
      code: 'EXEN3',
      toInputs: [{ ...holder, example: 'Анна Смирнова', exampleEn: '' }],
    });
    expect((plain.json() as AdminCurrencyDetail).toInputs[0]).not.toHaveProperty('exampleEn');
  });

  it('refuses a bad direction: same sides, unknown currency, rounding finer than the currency, bad texts', async () => {
    const en = await post(
      '/api/v1/admin/directions/',
      {
        fromCurrencyId: sber,
        toCurrencyId: sber,
        courseMode: 'manual',
        courseManual: '1',
        paymentWindowMinutes: 0,
        fromNotify: { ru: 'x'.repeat(501), en: '' },
      },
      '/en',
    );
    expect(en.json()).toEqual({
      toCurrencyId: ['Choose different currencies to send and to receive.'],
      paymentWindowMinutes: ['Enter a whole number from 1 to 1,440.'],
      'fromNotify.ru': ['Ensure this field has no more than 500 characters.'],
    });
    const unknown = await post('/api/v1/admin/directions/', {
      fromCurrencyId: 999999,
      toCurrencyId: sber,
      courseMode: 'manual',
      courseManual: '1',
    });
    expect(unknown.json()).toEqual({ fromCurrencyId: ['Недопустимое значение.'] });
    // The form's "choose" option sends null: the operator is asked to choose.
    const none = await post('/api/v1/admin/directions/', {
      fromCurrencyId: null,
      toCurrencyId: sber,
      courseMode: 'manual',
      courseManual: '1',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ fromCurrencyId: ['Выберите валюту.'] });
    const noneEn = await post(
      '/api/v1/admin/directions/',
      { toCurrencyId: sber, courseMode: 'manual', courseManual: '1' },
      '/en',
    );
    expect(noneEn.json()).toEqual({ fromCurrencyId: ['Choose a currency.'] });
    // A new direction's fees and limits are held to their currency's places too.
    const places = await post('/api/v1/admin/directions/', {
      fromCurrencyId: sber,
      toCurrencyId: currency.id,
      courseMode: 'manual',
      courseManual: '0,0108',
      fromMin: '1000,005',
      toFee: '0,001',
    });
    expect(places.json()).toEqual({
      fromMin: ['Не более 2 знаков после запятой.'],
      toFee: ['Не более 2 знаков после запятой.'],
    });
    const rounding = await post(
      '/api/v1/admin/directions/',
      { fromCurrencyId: sber, toCurrencyId: currency.id, courseMode: 'manual', courseManual: '0.0108', toRound: 6 },
      '/en',
    );
    expect(rounding.json()).toEqual({ toRound: ['No more decimal places than the currency has (2).'] });
    const noCourse = await post('/api/v1/admin/directions/', {
      fromCurrencyId: sber,
      toCurrencyId: currency.id,
      courseMode: 'manual',
    });
    expect(noCourse.json()).toHaveProperty('courseManual');
    const taken = await post(
      '/api/v1/admin/directions/',
      { fromCurrencyId: sber, toCurrencyId: usdt, courseMode: 'manual', courseManual: '0.0108' },
      '/en',
    );
    expect(taken.json()).toEqual({
      toCurrencyId: ['This direction already exists: change it in the directions list.'],
    });
  });

  it('a refused direction names the currency rules with the schema refusals in one answer; nothing is written', async () => {
    const directions = async () =>
      ((await operator.inject({ method: 'GET', url: '/api/v1/admin/directions/' })).json() as { results: unknown[] })
        .results.length;
    const count = await directions();
    // A minimum above its maximum and a course of 0 (the schema), a fee finer and a rounding finer than PYRUSD's 2
    // places (the currency's rules): one answer, not the second half after the first is fixed.
    const both = await post(
      '/api/v1/admin/directions/',
      {
        fromCurrencyId: sber,
        toCurrencyId: currency.id,
        courseMode: 'manual',
        courseManual: '0',
        fromMin: '2000',
        fromMax: '1000',
        toFee: '0,001',
        toRound: 6,
      },
      '/en',
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      courseManual: ['Must be greater than zero.'],
      fromMin: ['The minimum is above the maximum.'],
      toFee: ['Ensure there are no more than 2 decimal places.'],
      toRound: ['No more decimal places than the currency has (2).'],
    });
    // An existing pair is said with a refused field too, and with the currency's rules on a body that reads.
    const taken = await post('/api/v1/admin/directions/', {
      fromCurrencyId: sber,
      toCurrencyId: usdt,
      courseMode: 'manual',
      courseManual: '1',
      markupPercent: 'abc',
    });
    expect(taken.json()).toEqual({
      markupPercent: [expect.stringContaining('Введите число')],
      toCurrencyId: ['Такое направление уже есть: измените его в списке направлений.'],
    });
    const takenAndRound = await post(
      '/api/v1/admin/directions/',
      { fromCurrencyId: sber, toCurrencyId: usdt, courseMode: 'manual', courseManual: '1', fromRound: 4 },
      '/en',
    );
    expect(takenAndRound.json()).toEqual({
      fromRound: ['No more decimal places than the currency has (2).'],
      toCurrencyId: ['This direction already exists: change it in the directions list.'],
    });
    // A currency that does not read: the other side is still held to its currency (toRound 6 above PYRUSD's 2).
    const unreadable = await post('/api/v1/admin/directions/', {
      fromCurrencyId: 'abc',
      toCurrencyId: currency.id,
      courseMode: 'manual',
      fromMin: '2',
      fromMax: '1',
      toRound: 6,
    });
    expect(unreadable.json()).toEqual({
      fromCurrencyId: ['Недопустимое значение.'],
      courseManual: ['Укажите курс или источник курса для выбранного режима.'],
      fromMin: ['Минимум больше максимума.'],
      toRound: ['Не больше знаков, чем у валюты (2).'],
    });
    // One that reads but names no currency is refused with the rest; a number past the id column's range too.
    for (const fromCurrencyId of [999999, 2 ** 40]) {
      const unknown = await post('/api/v1/admin/directions/', {
        fromCurrencyId,
        toCurrencyId: currency.id,
        courseMode: 'manual',
        fromMin: '2',
        fromMax: '1',
      });
      expect(unknown.json()).toEqual({
        courseManual: ['Укажите курс или источник курса для выбранного режима.'],
        fromMin: ['Минимум больше максимума.'],
        fromCurrencyId: ['Недопустимое значение.'],
      });
    }
    expect(await directions()).toBe(count);
  });

  it('a created direction is priced by the calculator at once and takes a claim with the new inputs', async () => {
    const res = await post('/api/v1/admin/directions/', {
      fromCurrencyId: sber,
      toCurrencyId: currency.id,
      courseMode: 'manual',
      courseManual: '0.0108',
      fromMin: '1000',
      toNotify: { ru: 'Выплата за 10 минут.', en: 'Paid out within 10 minutes.' },
      paymentWindowMinutes: 20,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminDirection;
    expect(created).toMatchObject({ fromRound: 2, toRound: 2, active: true, course: '0.0108' });

    // The reserve is 0: nothing can be paid out, so the calculator does not offer the direction (as the rates export
    // leaves it out) until the operator tops it up.
    expect((await t.inject(`/en/api/v1/calculator/pair/${sber}/${currency.id}/`)).statusCode).toBe(404);
    await post(`/api/v1/admin/currencies/${currency.id}/reserve/`, { delta: '5000', reason: 'Opening balance' });
    const pair = (await t.inject(`/en/api/v1/calculator/pair/${sber}/${currency.id}/`)).json() as PairSettings;
    expect(pair).toMatchObject({
      course: '0.0108',
      paymentWindowMinutes: 20,
      from: { min: '1000', roundCalculator: 2 },
      to: { roundCalculator: 2, notify: 'Paid out within 10 minutes.' },
    });
    expect(pair.structure.to.inputs.map((i) => [i.name, i.label])).toEqual([
      ['wallet', 'Wallet e-mail'],
      ['holder', 'Holder'],
    ]);
    const receivable = (await t.inject(`/api/v1/calculator/from/${sber}/`)).json() as { results: { code: string }[] };
    expect(receivable.results.map((c) => c.code)).toContain('PYRUSD');

    const bad = await h.create({
      ...(await h.body('SBERRUB', 'PYRUSD', '10000')),
      toRequisites: { wallet: 'not an e-mail' },
    });
    expect(bad.json()).toEqual({ 'toRequisites.wallet': ['Введите правильный адрес e-mail.'] });
    const uuid = await h.created('SBERRUB', 'PYRUSD', '10000');
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as {
      to: { amount: string; requisites: Record<string, string> };
    };
    expect(form.to.amount).toBe('108');
    // The public answer masks what identifies the customer, by the new input's kind (an e-mail wallet); names stay.
    expect(form.to.requisites).toEqual({ wallet: 'a•••@example.com', holder: 'Anna Smirnova' });

    const log = await audit('direction', created.id);
    expect(log.results[0]).toMatchObject({
      action: 'direction.create',
      after: { courseManual: '0.0108', paymentWindowMinutes: 20, toRound: 2 },
    });
  });

  it('the new currency as the sent side asks its own inputs and hands out its payment details', async () => {
    // The payment-details pool has its own editor (another section): the test inserts the operator's detail directly.
    await t.database.db
      .insert(paymentDetails)
      .values({ currencyId: currency.id, label: { ru: 'Счёт', en: 'Account' }, value: 'PY7700112' });
    const res = await post('/api/v1/admin/directions/', {
      fromCurrencyId: currency.id,
      toCurrencyId: usdt,
      courseMode: 'manual',
      courseManual: '0.97',
    });
    expect(res.statusCode).toBe(201);
    const pair = await h.pair('PYRUSD', 'USDTTRC20');
    expect(pair.structure.from.inputs.map((i) => i.name)).toEqual(['account']);
    const bad = await h.create({
      ...(await h.body('PYRUSD', 'USDTTRC20', '100')),
      fromRequisites: { account: 'P123' },
    });
    expect(bad.json()).toEqual({ 'fromRequisites.account': ['Неверный формат, пример: PY1234567.'] });
    const uuid = await h.created('PYRUSD', 'USDTTRC20', '100');
    const requisite = (await t.inject(`/api/v1/claim/${uuid}/requisite/`)).json() as object;
    expect(JSON.stringify(requisite)).toContain('PY7700112');
  });

  it('edits the rest of a direction: rounding, notify texts, payment window, position; audited', async () => {
    const list = (await operator.inject({ method: 'GET', url: '/api/v1/admin/directions/' })).json() as {
      results: AdminDirection[];
    };
    const d = list.results.find((x) => x.from.id === sber && x.to.id === currency.id)!;
    const res = await put(`/api/v1/admin/directions/${d.id}/`, {
      fromRound: 0,
      toRound: 1,
      fromNotify: { ru: 'Только с карты Сбербанка.', en: 'From a Sberbank card only.' },
      paymentWindowMinutes: '',
      position: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fromRound: 0, toRound: 1, paymentWindowMinutes: null, position: 3 });
    const pair = (await t.inject(`/api/v1/calculator/pair/${sber}/${currency.id}/`)).json() as PairSettings;
    expect(pair).toMatchObject({
      paymentWindowMinutes: 30,
      from: { roundCalculator: 0, notify: 'Только с карты Сбербанка.' },
      to: { roundCalculator: 1 },
    });
    const log = await audit('direction', d.id);
    expect(log.results[0]).toMatchObject({
      action: 'direction.update',
      before: { fromRound: 2, paymentWindowMinutes: 20, position: d.position },
      after: { fromRound: 0, paymentWindowMinutes: null, position: 3 },
    });
    // A refused edit names the currency's rules with the schema's refusals: the stored direction's currencies.
    const bad = await put(`/en/api/v1/admin/directions/${d.id}/`, {
      toRound: 3,
      fromRound: 'two',
      toMin: '5',
      toMax: '1',
      toFee: '0.001',
    });
    expect(bad.json()).toEqual({
      fromRound: ['Enter a whole number from 0 to 18.'],
      toMin: ['The minimum is above the maximum.'],
      toRound: ['No more decimal places than the currency has (2).'],
      toFee: ['Ensure there are no more than 2 decimal places.'],
    });
    expect((await put(`/en/api/v1/admin/directions/${d.id}/`, { toRound: 3 })).json()).toEqual({
      toRound: ['No more decimal places than the currency has (2).'],
    });
  });

  it('changes a currency: an old claim still shows its requisites after the inputs are renamed or removed', async () => {
    const uuid = await h.created('SBERRUB', 'PYRUSD', '20000');
    const res = await put(`/api/v1/admin/currencies/${currency.id}/`, {
      name: { ru: 'Payoneer доллары', en: 'Payoneer dollars' },
      toInputs: [
        { name: 'email', label: { ru: 'E-mail получателя', en: 'Recipient e-mail' }, kind: 'email', example: 'a@b.co' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminCurrencyDetail).toInputs.map((i) => i.name)).toEqual(['email']);
    // The pair offers the new structure at once.
    expect((await h.pair('SBERRUB', 'PYRUSD')).structure.to.inputs.map((i) => i.name)).toEqual(['email']);
    // The claim keeps its values by the old names: the customer's and the operator's views still show them.
    const form = (await t.inject(`/api/v1/claim/${uuid}/form/`)).json() as { to: { requisites: object } };
    // The public answer still masks the e-mail no input names any more (by its shape); the name stays whole.
    expect(form.to.requisites).toEqual({ wallet: 'a•••@example.com', holder: 'Anna Smirnova' });
    const detail = (await operator.inject({ method: 'GET', url: `/api/v1/admin/claims/${uuid}/` })).json() as {
      to: { requisites: { name: string; label: string; value: string }[] };
    };
    // jsonb keeps no key order: compare as a set.
    expect(detail.to.requisites).toHaveLength(2);
    expect(detail.to.requisites).toEqual(
      expect.arrayContaining([
        { name: 'wallet', label: 'wallet', value: 'anna@example.com' },
        { name: 'holder', label: 'holder', value: 'Anna Smirnova' },
      ]),
    );

    const log = await audit('currency', currency.id);
    expect(log.results[0]).toMatchObject({
      action: 'currency.update',
      before: { name: { en: 'Payoneer USD' } },
      after: { name: { en: 'Payoneer dollars' } },
    });
  });

  it('a slow pattern stored before the console refused them is never run on a customer’s input', async () => {
    // As a database written before the check holds it: the row written directly, past the console's schema.
    const holder = { name: 'holder', label: { ru: 'Владелец', en: 'Holder' }, kind: 'text' as const };
    await t.database.db
      .update(currencies)
      .set({
        toInputs: [
          { ...holder, visible: true, required: true, pattern: '(a+)+', example: 'aaa' },
          { ...holder, name: 'code', visible: true, required: false, pattern: 'PY\\d{6}', example: 'PY123456' },
        ],
      })
      .where(eq(currencies.id, currency.id));
    t.services.calculator.cache.invalidate();
    const read = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/currencies/${currency.id}/` })
    ).json() as AdminCurrencyDetail;
    // The console shows the field without it (the operator writes one that ends in time); a safe pattern stays.
    expect(read.toInputs.map((i) => [i.name, i.pattern])).toEqual([
      ['holder', null],
      ['code', 'PY\\d{6}'],
    ]);
    // 40 letters and a near miss: `(a+)+` would backtrack for longer than the test runs. The claim is taken at once.
    const near = `${'a'.repeat(40)}!`;
    const created = await h.create({
      ...(await h.body('SBERRUB', 'PYRUSD', '10000')),
      toRequisites: { holder: near, code: 'PY12' },
    });
    expect(created.json()).toEqual({ 'toRequisites.code': ['Неверный формат, пример: PY123456.'] });
    const ok = await h.create({ ...(await h.body('SBERRUB', 'PYRUSD', '10000')), toRequisites: { holder: near } });
    expect(ok.statusCode).toBe(201);
  });

  /**
   * Writes the currency's receive-side inputs to its row directly, past the console's schema (as a database written
   * before a check holds them), and answers the names and patterns the console then shows.
   */
  const storeInputs = async (toInputs: RequisiteInput[]) => {
    await t.database.db.update(currencies).set({ toInputs }).where(eq(currencies.id, currency.id));
    t.services.calculator.cache.invalidate();
    const read = (
      await operator.inject({ method: 'GET', url: `/api/v1/admin/currencies/${currency.id}/` })
    ).json() as AdminCurrencyDetail;
    return read.toInputs.map((i) => [i.name, i.pattern]);
  };

  it('a polynomial pattern meets a customer’s 256-character near miss on RE2 and the claim is answered at once', async () => {
    // `\d+\d+\d+\d+\d+x` passes safe-regex2 and repeatsAChoice: RegExp tries n^5 ways on a near miss (minutes for 256
    // digits), RE2 reads the value once. `(\d+)*x`, stored before the checks, is ignored as before.
    const holder = { name: 'holder', label: { ru: 'Владелец', en: 'Holder' }, kind: 'text' as const };
    const saved = await put(`/api/v1/admin/currencies/${currency.id}/`, {
      toInputs: [{ ...holder, pattern: '\\d+\\d+\\d+\\d+\\d+x', example: '12345x' }],
    });
    expect(saved.statusCode).toBe(200);
    const stored = (await t.database.db.select().from(currencies).where(eq(currencies.id, currency.id)))[0]!;
    await t.database.db
      .update(currencies)
      .set({
        toInputs: [
          ...stored.toInputs,
          { ...holder, name: 'code', visible: true, required: false, pattern: '(\\d+)*x', example: '1x' },
        ],
      })
      .where(eq(currencies.id, currency.id));
    t.services.calculator.cache.invalidate();
    const near = `${'1'.repeat(255)}y`;
    const started = Date.now();
    const refused = await h.create({
      ...(await h.body('SBERRUB', 'PYRUSD', '10000')),
      toRequisites: { holder: near, code: near },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'toRequisites.holder': ['Неверный формат, пример: 12345x.'] });
    // A hang guard, not a speed test: on RegExp this request would hold the server for minutes.
    expect(Date.now() - started).toBeLessThan(5_000);
    const ok = await h.create({
      ...(await h.body('SBERRUB', 'PYRUSD', '10000')),
      toRequisites: { holder: `${'1'.repeat(255)}x`, code: near },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('a pattern RE2 cannot run, stored before the server refused them, is never run on a customer’s input', async () => {
    const holder = { name: 'holder', label: { ru: 'Владелец', en: 'Holder' }, kind: 'text' as const };
    const shown = await storeInputs([
      { ...holder, visible: true, required: true, pattern: 'a(?=a)a+', example: 'aaa' },
    ]);
    // Neither engine checks it: the browser and the server never answer a value differently.
    expect(shown).toEqual([['holder', null]]);
    const ok = await h.create({ ...(await h.body('SBERRUB', 'PYRUSD', '10000')), toRequisites: { holder: 'b' } });
    expect(ok.statusCode).toBe(201);
  });

  it('a repeated choice stored before the console refused them is never run on a customer’s input', async () => {
    const holder = { name: 'holder', label: { ru: 'Владелец', en: 'Holder' }, kind: 'text' as const };
    const shown = await storeInputs([
      { ...holder, visible: true, required: true, pattern: '(\\w|\\d)+', example: 'aaa' },
    ]);
    expect(shown).toEqual([['holder', null]]);
    // 40 letters and a near miss: `(\w|\d)+` would try 2^40 ways. The claim is taken at once.
    const ok = await h.create({
      ...(await h.body('SBERRUB', 'PYRUSD', '10000')),
      toRequisites: { holder: `${'a'.repeat(40)}!` },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('decimals cannot go below a direction’s rounding; a code taken on edit is a field error; hidden leaves', async () => {
    const lower = await put(`/en/api/v1/admin/currencies/${currency.id}/`, { decimals: 0 });
    expect(lower.json()).toEqual({
      decimals: ['Directions round this currency to 2 decimal places: lower their rounding first.'],
    });
    const higher = await put(`/api/v1/admin/currencies/${currency.id}/`, { decimals: 4 });
    // Stored amounts are not re-rounded: the reserve reads as it was.
    expect(higher.json()).toMatchObject({ decimals: 4, reserve: '5000' });
    const taken = await put(`/en/api/v1/admin/currencies/${currency.id}/`, { code: 'SBERRUB' });
    expect(taken.json()).toEqual({ code: ['A currency with this code already exists.'] });

    // An https logo: the pages' CSP allows its origin from the very next answer (the save reads the currencies again).
    const logo = await put(`/api/v1/admin/currencies/${currency.id}/`, { logo: 'https://cdn.example.com/py.svg' });
    expect(logo.json()).toMatchObject({ logo: 'https://cdn.example.com/py.svg' });
    const csp = String((await t.inject('/api/v1/calculator/tech/')).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);

    await put(`/api/v1/admin/currencies/${currency.id}/`, { receiveVisible: false });
    const receivable = (await t.inject(`/api/v1/calculator/from/${sber}/`)).json() as { results: { code: string }[] };
    expect(receivable.results.map((c) => c.code)).not.toContain('PYRUSD');
    expect((await t.inject(`/api/v1/calculator/pair/${sber}/${currency.id}/`)).statusCode).toBe(404);
  });
});
