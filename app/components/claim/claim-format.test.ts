import { isTerminal } from '../../../shared/claim-statuses.ts';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../shared/errors.ts';
import { claimStatusValues } from '../../../shared/schemas/exchange.ts';
import { resources } from '../../i18n/resources.ts';
import { crossedMark, currentReason, formatCountdown, statusTone, systemReason } from './claim-format.ts';

describe('formatCountdown', () => {
  it.each([
    [30 * 60_000, '30:00'],
    [29 * 60_000 + 5_000, '29:05'],
    [59_000, '00:59'],
    [1, '00:01'],
    [999, '00:01'],
    [0, '00:00'],
    [-5_000, '00:00'],
    [3_723_000, '1:02:03'],
  ])('%i ms -> %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('crossedMark', () => {
  it('announces the 10, 5 and 1 minute marks once each, never on the first reading', () => {
    expect(crossedMark(null, 60_000)).toBeNull();
    expect(crossedMark(10 * 60_000 + 500, 10 * 60_000 - 500)).toBe(10);
    expect(crossedMark(10 * 60_000 - 500, 10 * 60_000 - 1500)).toBeNull();
    expect(crossedMark(5 * 60_000 + 1, 5 * 60_000)).toBe(5);
    expect(crossedMark(61_000, 60_000)).toBe(1);
    expect(crossedMark(20 * 60_000, 19 * 60_000)).toBeNull();
  });
  it('a tab asleep past several marks hears the latest one only', () => {
    expect(crossedMark(11 * 60_000, 30_000)).toBe(1);
  });
});

describe('statuses', () => {
  it('stops on the terminal statuses only; hold and error can still change', () => {
    expect(claimStatusValues.filter(isTerminal)).toEqual(['completed', 'cancelled', 'refunded']);
  });
  it('has a tone for every status and a name in both languages', () => {
    for (const s of claimStatusValues) {
      expect(statusTone[s]).toBeTruthy();
      expect(resources.ru.claim.status[s]).toBeTruthy();
      expect(resources.en.claim.status[s]).toBeTruthy();
    }
    expect(resources.en.claim.status.paid).toBe('Paid');
    expect(resources.ru.claim.status.paid).toBe('Оплачена');
  });
  it('says the spec timeout message verbatim, the same words as the API', () => {
    expect(resources.en.claimPanels.state.expiredText).toBe(
      'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
    );
    expect(resources.en.claimPanels.state.expiredText).toBe(errorCatalogue.claim_expired.en);
    expect(resources.ru.claimPanels.state.expiredText).toBe(errorCatalogue.claim_expired.ru);
  });
});

describe('reasons', () => {
  it('knows the reasons the server writes, and leaves an operator’s words alone', () => {
    expect(systemReason('created')).toBe('created');
    expect(systemReason('payment window passed')).toBe('windowPassed');
    expect(systemReason('customer marked the claim paid')).toBe('markedPaid');
    expect(systemReason('AML check: source of funds')).toBeNull();
    expect(systemReason('toString')).toBeNull();
    expect(systemReason(null)).toBeNull();
  });
  it('finds the reason of the current status in the latest row that set it', () => {
    const history = [
      { status: 'new' as const, reason: 'created' },
      { status: 'hold' as const, reason: 'first check' },
      { status: 'paid' as const, reason: null },
      { status: 'hold' as const, reason: 'second check' },
    ];
    expect(currentReason(history, 'hold')).toBe('second check');
    expect(currentReason(history, 'completed')).toBeNull();
  });
});
