import { requisiteIssue } from '../../../../shared/exchange/claim-check.ts';
import { checkRequisite, normalise } from '../../../../shared/exchange/requisites.ts';
import type { Locale } from '../../../../shared/locales.ts';
import type {
  AdminPaymentDetail,
  PaymentCoverage,
  PaymentDetailActiveInput,
  PaymentDetailCreateInput,
  PaymentDetailFields,
  PaymentDetailsQuery,
} from '../../../../shared/schemas/admin-payment-details.ts';
import { fieldIssue, type FieldErrors } from '../../../../shared/field-issues.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { re2Match } from '../../../requisite-patterns.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminPaymentDetailsRepository, CurrencyRow, PaymentDetailRow } from './repository.ts';

const currencyRef = (c: CurrencyRow, locale: Locale) => ({
  id: c.id,
  code: c.code,
  name: c.name[locale] || c.name.ru,
  kind: c.kind,
  network: c.network,
});

function view(d: PaymentDetailRow, c: CurrencyRow, locale: Locale): AdminPaymentDetail {
  return {
    id: d.id,
    currency: currencyRef(c, locale),
    label: d.label,
    value: d.value,
    holder: d.holder,
    memo: d.memo,
    active: d.active,
    usageCount: d.usageCount,
    lastUsedAt: d.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * The value as the currency's own account number is checked when a customer gives one: the first visible input of
 * its receive-side requisites (a card for card currencies, an address of its network for crypto, an IBAN, a phone
 * for SBP, a wallet number's pattern...). Cash currencies name an office or a meeting point: any text. Answers the
 * normalised value (card and IBAN without spaces) or the field issue (a catalogue code).
 */
function checkDetailValue(currency: CurrencyRow, raw: string): { value: string } | { error: string } {
  const input = currency.kind === 'cash' ? undefined : currency.toInputs.find((i) => i.visible);
  if (!input) {
    return [...raw].some((ch) => ch.charCodeAt(0) < 32)
      ? { error: fieldIssue('field_invalid_format', { example: '—' }) }
      : { value: raw };
  }
  const problem = checkRequisite({ ...input, required: true }, currency.network, raw, re2Match);
  return problem ? { error: requisiteIssue(problem, input, currency.network) } : { value: normalise(input.kind, raw) };
}

/**
 * The operator's payment-details pool (issue 6 §3): per currency, where customers pay; claims take the least recently
 * used active one and keep a copy (claims/repository.ts takePaymentDetail), so edits here never change a claim.
 * Details are never deleted, only switched off: claims and the audit log point at them by id, and an operator
 * checking a disputed payment must still find which card or wallet a claim was sent to.
 */
export function adminPaymentDetailsService(opts: {
  db: Db;
  repo: AdminPaymentDetailsRepository;
  audit: AuditService;
  /** Drops the calculator's ready answers: which currencies can be paid in follows the pool. */
  invalidate: () => void;
}) {
  const { db, repo, audit } = opts;

  const invalid = (fields: FieldErrors) => new AppError('validation', { fields });

  /**
   * The fields as stored, the value checked for what the currency takes and not already in its pool: a second row
   * of the same card would split its rotation and its history in two (an operator switches the old one on instead).
   */
  async function checked(
    currency: CurrencyRow,
    input: PaymentDetailFields,
    before: { id: number; value: string } | null,
    tx: Tx,
  ) {
    const value = checkDetailValue(currency, input.value);
    if ('error' in value) throw invalid({ value: [value.error] });
    // Only a value that changes is compared: a pair of duplicates from before this rule can still have its name or
    // holder edited.
    const same =
      value.value === before?.value ? null : await repo.sameValue(currency.id, value.value, before?.id ?? null, tx);
    if (same !== null) throw invalid({ value: [fieldIssue('field_payment_detail_exists', { id: same })] });
    return { label: input.label, value: value.value, holder: input.holder, memo: input.memo };
  }

  async function read(id: number, locale: Locale): Promise<AdminPaymentDetail | null> {
    const row = await repo.get(id);
    return row ? view(row.detail, row.currency, locale) : null;
  }

  return {
    get: read,

    async list(q: PaymentDetailsQuery, locale: Locale) {
      let currencyId: number | undefined;
      if (q.currency) {
        const currency = await repo.currencyByCode(q.currency);
        if (!currency) throw invalid({ currency: [fieldIssue('field_invalid_choice')] });
        currencyId = currency.id;
      }
      const active = q.active === undefined ? undefined : q.active === 'true';
      const { count, rows } = await repo.list({ currencyId, active, page: q.page, size: q.size });
      return { count, results: rows.map((r) => view(r.detail, r.currency, locale)) };
    },

    async coverage(locale: Locale): Promise<PaymentCoverage[]> {
      const rows = await repo.coverage();
      return rows.map((r) => ({
        ...currencyRef(r.currency, locale),
        activeDetails: r.activeDetails,
        activeDirections: r.activeDirections,
        uncovered: r.activeDirections > 0 && r.activeDetails === 0,
      }));
    },

    async create(actor: Actor, input: PaymentDetailCreateInput, locale: Locale): Promise<AdminPaymentDetail> {
      const id = await db.transaction(async (tx) => {
        const currency = await repo.lockCurrency(input.currencyId, tx);
        if (!currency) throw invalid({ currencyId: [fieldIssue('field_invalid_choice')] });
        const row = await repo.insert({ currencyId: currency.id, ...(await checked(currency, input, null, tx)) }, tx);
        await audit.record(
          actor,
          { action: 'payment_detail.create', entity: 'payment_detail', entityId: row.id, after: row },
          tx,
        );
        return row.id;
      });
      opts.invalidate();
      return (await read(id, locale))!;
    },

    /** Label, value, holder, memo. Claims already created keep the copy they showed. */
    async update(actor: Actor, id: number, input: PaymentDetailFields, locale: Locale): Promise<AdminPaymentDetail> {
      await db.transaction(async (tx) => {
        const found = await repo.get(id, tx);
        if (!found) throw new AppError('not_found');
        // The currency first, as a create takes it, then the row: the same order everywhere, so no deadlock.
        const currency = (await repo.lockCurrency(found.currency.id, tx))!;
        const before = (await repo.lock(id, tx))!;
        const after = await repo.update(id, await checked(currency, input, { id, value: before.value }, tx), tx);
        await audit.record(
          actor,
          { action: 'payment_detail.update', entity: 'payment_detail', entityId: id, before, after },
          tx,
        );
      });
      return (await read(id, locale))!;
    },

    /**
     * On or off. Switching off the last active detail of a currency that active directions pay in is refused (409
     * `payment_details_last`) unless confirmed: from then on claims in that currency are refused
     * (`no_payment_details`), which an operator should do knowingly.
     */
    async setActive(
      actor: Actor,
      id: number,
      input: PaymentDetailActiveInput,
      locale: Locale,
    ): Promise<AdminPaymentDetail> {
      await db.transaction(async (tx) => {
        const found = await repo.get(id, tx);
        if (!found) throw new AppError('not_found');
        // The whole pool first, in id order, then this row: two switches in one currency queue instead of deadlocking.
        const activeNow = await repo.lockPool(found.currency.id, tx);
        const before = (await repo.lock(id, tx))!;
        if (before.active === input.active) return;
        if (!input.active && !input.confirm) {
          if (activeNow === 1 && (await repo.activeDirections(before.currencyId, tx)) > 0) {
            throw new AppError('payment_details_last');
          }
        }
        const after = await repo.update(id, { active: input.active }, tx);
        await audit.record(
          actor,
          {
            action: input.active ? 'payment_detail.activate' : 'payment_detail.deactivate',
            entity: 'payment_detail',
            entityId: id,
            before,
            after,
          },
          tx,
        );
      });
      // The calculator offers only currencies that can be paid in: its ready answers follow the pool.
      opts.invalidate();
      return (await read(id, locale))!;
    },
  };
}
