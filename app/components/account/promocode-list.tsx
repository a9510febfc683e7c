import { useTranslation } from '../../i18n/use-translation.ts';
import type { MyPromocode, PromocodeState } from '../../../shared/schemas/promocodes.ts';
import { useLocale } from '../../lib/locale.ts';
import { CopyField } from '../claim/copy-field.tsx';
import { formatDateTime, formatPercent } from '../../../shared/format.ts';
import { useVisitorTimeZone } from '../../lib/time-zone.ts';

/** Badge colours per state (each pair keeps 4.5:1 contrast). */
const stateClass: Record<PromocodeState, string> = {
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  not_started: 'bg-amber-100 text-amber-900 ring-amber-300',
  expired: 'bg-slate-200 text-slate-800 ring-slate-300',
  used_up: 'bg-slate-200 text-slate-800 ring-slate-300',
  disabled: 'bg-red-100 text-red-900 ring-red-300',
};

function Validity({ code }: { code: MyPromocode }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const zone = useVisitorTimeZone();
  if (!code.validFrom && !code.validTo) return <>{t('promocodes.always')}</>;
  return (
    <>
      {code.validFrom && (
        <span className="block">{t('promocodes.from', { date: formatDateTime(code.validFrom, locale, zone) })}</span>
      )}
      {code.validTo && (
        <span className="block">{t('promocodes.to', { date: formatDateTime(code.validTo, locale, zone) })}</span>
      )}
    </>
  );
}

/** The customer's promocodes: the code with a Copy button, the discount, validity, uses left and state. */
export function PromocodeList({ codes }: { codes: MyPromocode[] }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="promocodes-list">
      {codes.map((code) => (
        <li
          key={code.code}
          className={`rounded-2xl p-4 ring-1 ring-slate-200 sm:p-5 ${code.state === 'active' ? 'bg-white' : 'bg-slate-50'}`}
          data-testid="promocode"
          data-state={code.state}
        >
          <div className="flex items-start justify-between gap-3">
            <span
              className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${stateClass[code.state]}`}
            >
              {t(`promocodes.state.${code.state}`)}
            </span>
            <span className="text-lg font-bold text-brand-700">
              {t('promocodes.discountValue', { percent: formatPercent(code.discount, locale) })}
            </span>
          </div>
          <div className="mt-3">
            <CopyField label={t('promocodes.code')} value={code.code} large stacked />
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-slate-600">{t('promocodes.validity')}</dt>
              <dd className="mt-0.5 text-ink">
                <Validity code={code} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('promocodes.usesLeft')}</dt>
              <dd className="mt-0.5 font-medium text-ink">{code.usesLeft ?? t('promocodes.unlimited')}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
