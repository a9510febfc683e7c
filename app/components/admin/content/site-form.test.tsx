// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { siteBody, type SiteOverrides, type SiteSettingsView } from '../../../../shared/schemas/admin-content.ts';
import { answerThrough, json, stubFetch } from '../../../../tests/helpers/fetch-stub.ts';
import { describedPlain, inputLabelled, press, typeInto } from '../../../../tests/helpers/form-queries.ts';
import { renderInDataRouter } from '../../../../tests/helpers/render-at.tsx';
import { SiteForm } from './site-form.tsx';

const fetchMock = stubFetch();

const defaults = {
  supportEmail: 'support@obmen.local',
  paymentWindowMinutes: 1440,
  maxRateAgeMinutes: 15,
  chatScriptUrl: null,
  analyticsScriptUrl: null,
  analyticsId: null,
};
const overrides: SiteOverrides = {
  supportEmail: null,
  paymentWindowMinutes: null,
  maxRateAgeMinutes: 10_080,
  chatScriptUrl: null,
  analyticsScriptUrl: null,
  analyticsId: null,
};
const site: SiteSettingsView = { overrides, defaults, effective: { ...defaults, maxRateAgeMinutes: 10_080 } };

function renderForm(at: '/admin/settings' | '/en/admin/settings') {
  const saved: SiteOverrides[] = [];
  fetchMock.mockImplementation(
    answerThrough(siteBody, (input) => {
      saved.push(input);
      return json(200, site);
    }),
  );
  renderInDataRouter(at, <SiteForm site={site} isAdmin />);
  return saved;
}

const ru = {
  window: 'Время на оплату заявки, минут',
  age: 'Курс источника годен, минут (для направлений без своего лимита)',
};
const en = {
  window: 'Time to pay an order, minutes',
  age: 'Source rate usable for, minutes (directions without their own limit)',
};

describe('SiteForm: minutes as the console writes numbers', () => {
  it('ru: shows a stored value and the default grouped, saves them back, and reads "1 000"', async () => {
    const saved = renderForm('/admin/settings');
    expect(inputLabelled(ru.age).value).toBe('10\u00a0080');
    expect(inputLabelled(ru.window).placeholder).toBe('1\u00a0440');
    // A text field: a number input hands "1 000" over as '', which read as "use the environment".
    expect(inputLabelled(ru.window).type).toBe('text');
    typeInto(ru.window, '1 000');
    await press('Сохранить');
    expect(saved).toMatchObject([{ paymentWindowMinutes: 1000, maxRateAgeMinutes: 10_080 }]);
  });

  it('en: reads "1,000"; refuses "abc" with the range, grouped, instead of using the environment', async () => {
    const saved = renderForm('/en/admin/settings');
    expect(inputLabelled(en.age).value).toBe('10,080');
    typeInto(en.window, '1,000');
    await press('Save');
    typeInto(en.window, 'abc');
    await press('Save');
    expect(saved).toMatchObject([{ paymentWindowMinutes: 1000 }]);
    expect(describedPlain(inputLabelled(en.window))).toContain('Enter a whole number from 1 to 1,440.');
  });
});

describe('SiteForm: a refused save', () => {
  it('en: the keyboard goes to the first refused field, not to the page’s top', async () => {
    const saved = renderForm('/en/admin/settings');
    typeInto(en.window, 'abc');
    typeInto(en.age, '0');
    await press('Save');
    expect(saved).toEqual([]);
    expect(inputLabelled(en.window).getAttribute('aria-invalid')).toBe('true');
    expect(inputLabelled(en.age).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(inputLabelled(en.window));
  });

  it('ru: corrected, the next refusal takes it to the field still refused', async () => {
    renderForm('/admin/settings');
    typeInto(ru.window, 'abc');
    typeInto(ru.age, '0');
    await press('Сохранить');
    expect(document.activeElement).toBe(inputLabelled(ru.window));
    typeInto(ru.window, '60');
    await press('Сохранить');
    expect(inputLabelled(ru.window).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(inputLabelled(ru.age));
  });
});
