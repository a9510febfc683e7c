import { plain } from '../../../../shared/exchange/calculator.ts';
import { claimNumber } from '../../../../shared/exchange/claim-display.ts';
import { refundInputs } from '../../../../shared/exchange/requisites.ts';
import type { Locale } from '../../../../shared/locales.ts';
import {
  actionsFor,
  claimActionRules,
  type AdminClaim,
  type AdminClaimItem,
  type ClaimAction,
  type ClaimActionBody,
} from '../../../../shared/schemas/admin-claims.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import type { ClaimRow, ClaimsRepository } from '../../claims/repository.ts';
import type { ClaimsService } from '../../claims/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminClaimsRepository, ClaimQueueQuery } from './repository.ts';
import { droppedPromocodeOf, historyAmounts, offerOf } from '../../claims/views.ts';

export interface AdminClaimsServiceOptions {
  db: Db;
  repo: AdminClaimsRepository;
  claimsRepo: ClaimsRepository;
  claims: ClaimsService;
  audit: AuditService;
}

/** The history's actor of an operator: 'operator:<account id>' (claims service, docs/product/claims.md). */
const operatorActor = (actor: Actor) => `operator:${actor.id}`;

function operatorId(actor: string): number | null {
  const m = /^operator:(\d+)$/.exec(actor);
  return m ? Number(m[1]) : null;
}

/**
 * The console's claims (issue 6 §2): the queue, a claim with everything the operator needs, and the operator's
 * actions. Every action is the claims service's conditional transition from the status the operator saw, with its
 * history row, its audit entry in the same transaction, and the customer's e-mail after commit. A claim that moved
 * meanwhile is refused (409 claim_moved): two operators never complete one claim twice.
 */
export function adminClaimsService({ db, repo, claimsRepo, claims, audit }: AdminClaimsServiceOptions) {
  return {
    async list(query: ClaimQueueQuery): Promise<{ count: number; results: AdminClaimItem[] }> {
      const { count, rows } = await repo.list(query);
      return {
        count,
        results: rows.map((r) => ({
          uuid: r.id,
          number: claimNumber(r.id),
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          status: r.status,
          email: r.email,
          from: {
            code: r.fromCode,
            symbol: r.fromSymbol,
            decimals: r.fromDecimals,
            logo: r.fromLogo,
            amount: plain(r.fromAmount),
          },
          to: {
            code: r.toCode,
            symbol: r.toSymbol,
            decimals: r.toDecimals,
            logo: r.toLogo,
            amount: plain(r.toAmount),
          },
          offerLapsedAt: r.offerLapsedAt?.toISOString() ?? null,
        })),
      };
    },

    /** A claim for the console, or null. Reading expires a 'new' claim past its deadline, as the customer's page does. */
    async detail(uuid: string, locale: Locale): Promise<AdminClaim | null> {
      const claim = await claims.read(uuid);
      if (!claim) return null;
      const [found, history, accrual, attribution] = await Promise.all([
        claimsRepo.currencies([claim.fromCurrencyId, claim.toCurrencyId]),
        claimsRepo.history(claim.id),
        repo.accrual(claim.id),
        repo.attribution(claim.id),
      ]);
      const operators = history.map((h) => operatorId(h.actor)).filter((id) => id !== null);
      const emails = await repo.emails([...new Set([...operators, ...(claim.userId ? [claim.userId] : [])])]);
      const side = (
        currencyId: number,
        amount: string,
        requisites: Record<string, string>,
        which: 'from' | 'to' | 'refund',
      ) => {
        const c = found.find((r) => r.id === currencyId)!;
        const inputs = which === 'to' ? c.toInputs : which === 'refund' ? refundInputs(c.fromInputs) : c.fromInputs;
        return {
          currency: {
            id: c.id,
            code: c.code,
            name: c.name[locale] || c.name.ru,
            symbol: c.symbol,
            decimals: c.decimals,
            network: c.network,
            logo: c.logo,
          },
          amount: plain(amount),
          requisites: Object.entries(requisites).map(([name, value]) => {
            const input = inputs.find((i) => i.name === name);
            return { name, label: input ? input.label[locale] || input.label.ru : name, value };
          }),
        };
      };
      const d = claim.paymentDetail;
      const userEmail = claim.userId ? emails.get(claim.userId) : undefined;
      return {
        uuid: claim.id,
        number: claimNumber(claim.id),
        status: claim.status,
        locale: claim.locale,
        createdAt: claim.createdAt.toISOString(),
        updatedAt: claim.updatedAt.toISOString(),
        expiresAt: claim.expiresAt.toISOString(),
        email: claim.email,
        user: claim.userId && userEmail ? { id: claim.userId, email: userEmail } : null,
        course: plain(claim.course),
        breakdown: claim.breakdown,
        from: side(claim.fromCurrencyId, claim.fromAmount, claim.fromRequisites, 'from'),
        to: side(claim.toCurrencyId, claim.toAmount, claim.toRequisites, 'to'),
        paymentDetail: d
          ? { label: d.label[locale] || d.label.ru, value: d.value, holder: d.holder, memo: d.memo }
          : null,
        promocode: claim.promocode,
        droppedPromocode: droppedPromocodeOf(claim),
        refferal: claim.refferal,
        accrual: accrual ? { partner: accrual.partner, amount: plain(accrual.amount) } : null,
        selfReferral: attribution?.reason ? { partner: attribution.partner, reason: attribution.reason } : null,
        partner: attribution && !attribution.reason ? attribution.partner : null,
        payoutReference: claim.payoutReference,
        txid: claim.txid,
        customerComment: claim.customerComment,
        offer: offerOf(claim),
        refundRequisites: claim.refundRequisites
          ? side(claim.fromCurrencyId, claim.fromAmount, claim.refundRequisites, 'refund').requisites
          : null,
        history: history.map((h) => {
          const id = operatorId(h.actor);
          return {
            id: h.id,
            at: h.createdAt.toISOString(),
            from: h.fromStatus,
            status: h.toStatus,
            actor:
              id !== null || h.actor.startsWith('operator')
                ? 'operator'
                : h.actor === 'customer'
                  ? 'customer'
                  : 'system',
            operator: id !== null ? { id, email: emails.get(id) ?? null } : null,
            reason: h.reason,
            note: h.note,
            reference: h.reference,
            amounts: historyAmounts(h),
          };
        }),
        actions: actionsFor(claim.status),
      };
    },

    /**
     * One operator action from the status the operator saw (`input.expected`). Refused with 409 claim_moved when the
     * claim is no longer there (read now or lost the conditional update), with 409 claim_action_not_allowed when the
     * action does not apply to that status. Completing also pays the reserve out and credits the referrer (claims
     * service `complete`, in the same transaction).
     */
    async act(uuid: string, action: ClaimAction, input: ClaimActionBody, actor: Actor): Promise<ClaimRow> {
      const rule = claimActionRules[action];
      const current = await claims.read(uuid);
      if (!current) throw new AppError('not_found');
      if (current.status !== input.expected) throw new AppError('claim_moved');
      if (!rule.from.includes(input.expected)) throw new AppError('claim_action_not_allowed');
      const who = operatorActor(actor);
      const { reason, reference, note } = input;
      const entry = (claim: ClaimRow) => ({
        action: `claim.${action}`,
        entity: 'claim',
        entityId: claim.id,
        before: { status: input.expected },
        after: { status: claim.status, reason, reference, note },
      });

      if (action === 'complete') {
        const done = await claims.complete(uuid, who, reason, {
          from: [input.expected],
          reference,
          note,
          within: (claim, tx) => audit.record(actor, entry(claim), tx),
        });
        if (!done) throw new AppError('claim_moved');
        return done;
      }

      if (action === 'requote') {
        const offered = await claims.requote(uuid, who, {
          from: [input.expected],
          note,
          within: (claim, tx) => audit.record(actor, entry(claim), tx),
        });
        if (!offered) throw new AppError('claim_moved');
        return offered;
      }

      const changed = await db.transaction(async (tx) => {
        let claim = await claims.transition(uuid, [input.expected], rule.to, who, reason, { tx, note, reference });
        // A refund's transfer reference is the customer's proof that the money went back (the status answer's payout).
        if (claim && action === 'refund' && reference)
          claim = (await claimsRepo.setPayoutReference(uuid, reference, tx)) ?? claim;
        if (claim) {
          await audit.record(actor, entry(claim), tx);
          await claims.notifyStatus(claim, { reason, reference }, tx);
        }
        return claim;
      });
      if (!changed) throw new AppError('claim_moved');
      claims.committed(changed);
      return changed;
    },
  };
}
