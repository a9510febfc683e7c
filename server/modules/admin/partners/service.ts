import Big from 'big.js';
import type { AdminWithdrawal, ReferralSettingsInput } from '../../../../shared/schemas/admin-partners.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { referralSettingsKey, type ReferralService } from '../../referral/service.ts';
import type { Actor, AuditService } from '../audit/service.ts';
import type { AdminPartnersRepository } from './repository.ts';

type Row = NonNullable<Awaited<ReturnType<AdminPartnersRepository['withdrawal']>>>;

function view(r: Row): AdminWithdrawal {
  const w = r.withdrawal;
  return {
    id: w.id,
    partner: { id: w.userId, email: r.email },
    amount: new Big(w.amount).toFixed(2),
    requisites: w.requisites,
    status: w.status,
    reference: w.reference,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    decidedAt: w.decidedAt?.toISOString() ?? null,
    decidedBy: w.decidedBy,
    balance: new Big(r.balance ?? '0').toFixed(2),
  };
}

const snapshot = (w: { status: string; amount: string; reference: string | null; reason: string | null }) => ({
  status: w.status,
  amount: new Big(w.amount).toFixed(2),
  reference: w.reference,
  reason: w.reason,
});

/**
 * The console's partners section (issue 6 §5): the withdrawal queue and the programme's settings. Paying and rejecting
 * are the referral service's conditional decisions (only a pending request can be decided, so two operators never pay
 * one request twice); the audit entry is written in the decision's transaction.
 */
export function adminPartnersService(opts: {
  db: Db;
  repo: AdminPartnersRepository;
  referral: ReferralService;
  audit: AuditService;
}) {
  const { db, repo, referral, audit } = opts;

  async function decided(id: number, result: unknown): Promise<AdminWithdrawal> {
    const row = await repo.withdrawal(id);
    if (!row) throw new AppError('not_found');
    if (!result) throw new AppError('withdrawal_decided');
    return view(row);
  }

  return {
    async list(q: { page: number; size: number; status?: 'pending' | 'paid' | 'rejected' | undefined }) {
      const { count, rows } = await repo.withdrawals(q);
      return { count, results: rows.map(view) };
    },

    async get(id: number): Promise<AdminWithdrawal | null> {
      const row = await repo.withdrawal(id);
      return row ? view(row) : null;
    },

    async pay(actor: Actor, id: number, reference: string): Promise<AdminWithdrawal> {
      if (!(await repo.withdrawal(id))) throw new AppError('not_found');
      const result = await referral.payWithdrawal(id, `operator:${actor.id}`, reference, (row, tx) =>
        audit.record(
          actor,
          {
            action: 'withdrawal.pay',
            entity: 'withdrawal',
            entityId: id,
            before: snapshot({ ...row, status: 'pending', reference: null }),
            after: snapshot(row),
          },
          tx,
        ),
      );
      return decided(id, result);
    },

    async reject(actor: Actor, id: number, reason: string): Promise<AdminWithdrawal> {
      if (!(await repo.withdrawal(id))) throw new AppError('not_found');
      const result = await referral.rejectWithdrawal(id, `operator:${actor.id}`, reason, (row, tx) =>
        audit.record(
          actor,
          {
            action: 'withdrawal.reject',
            entity: 'withdrawal',
            entityId: id,
            before: snapshot({ ...row, status: 'pending', reason: null }),
            after: snapshot(row),
          },
          tx,
        ),
      );
      return decided(id, result);
    },

    async settings(): Promise<ReferralSettingsInput> {
      const s = await referral.settings();
      return { percent: new Big(s.percent).toString(), minWithdrawal: new Big(s.minWithdrawal).toFixed(2) };
    },

    /** New settings apply to accruals and requests from now on; earlier ones keep what they were given. */
    async saveSettings(actor: Actor, input: ReferralSettingsInput): Promise<ReferralSettingsInput> {
      const before = await referral.settings();
      const value = {
        ...before,
        percent: new Big(input.percent).toString(),
        minWithdrawal: new Big(input.minWithdrawal).toFixed(2),
      };
      await db.transaction(async (tx) => {
        await repo.putSetting(referralSettingsKey, value, tx);
        await audit.record(
          actor,
          { action: 'setting.update', entity: 'setting', entityId: referralSettingsKey, before, after: value },
          tx,
        );
      });
      return this.settings();
    },
  };
}
