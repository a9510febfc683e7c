import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CircleCheck } from '../icons/circle-check.tsx';
import { Wallet } from '../icons/wallet.tsx';
import { formatAmount, formatCardNumber } from '../../../shared/format.ts';
import { useLocale } from '../../lib/locale.ts';
import { paysToWallet, type PaymentView } from './claim-view.ts';
import { networkBesideName } from '../../../shared/exchange/network-name.ts';
import { ConfirmPaid } from './confirm-paid.tsx';
import { CopyField } from './copy-field.tsx';
import { Countdown } from './countdown.tsx';
import { CurrencyIcon } from './currency-icon.tsx';

/**
 * Where and how to pay a 'new' claim (`mode` 'pay'): the amount and the operator's details, each with 'Copy'; for
 * crypto a QR code (of the wallet link where the currency has one, else of the address) and "Open in wallet"; the
 * steps; the countdown to the deadline; and "I have paid". Past 'new' (`paymentCard` in claim-view.ts) the card is a
 * record of the same amount and details as plain text, headed "You paid" when the customer said they paid (with the
 * reference they gave) or "Payment details" when they did not: no Copy, no QR code, no wallet link, nothing that would
 * have a customer who already paid pay a second time.
 */
export function PaymentPanel({
  uuid,
  payment,
  expiresAt,
  serverNow,
  onExpire,
  onPaid,
  onRefused,
  mode = 'pay',
  txid = null,
}: {
  uuid: string;
  payment: PaymentView;
  expiresAt: string;
  serverNow: number;
  onExpire: () => void;
  onPaid: () => void;
  onRefused: () => void;
  /** 'pay': the claim still waits for payment ('new'); else a record, of a payment the customer marked or not. */
  mode?: 'pay' | 'paid' | 'details';
  /** The reference the customer gave with their payment, shown when they marked it ('paid'). */
  txid?: string | null;
}) {
  const { t } = useTranslation('claim');
  const { currency, details, amount } = payment;
  const crypto = paysToWallet(currency);
  const locale = useLocale();
  const shownAmount = formatAmount(amount, currency, locale);
  const vars = { amount: shownAmount, symbol: currency.symbol, network: currency.network ?? '' };
  const open = mode === 'pay';
  // Not beside a name that already says it ("Tether TRC20 TRC20").
  const network = networkBesideName(currency);
  const step = crypto ? 'pay.stepCrypto' : currency.kind === 'cash' ? 'pay.stepCash' : 'pay.stepTransfer';
  return (
    <section aria-labelledby="claim-pay-title" className="card p-5 sm:p-6" data-testid="payment-panel">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 id="claim-pay-title" className="text-xl font-semibold text-ink">
          {t(open ? 'pay.title' : mode === 'paid' ? 'pay.paidTitle' : 'pay.detailsTitle')}
        </h2>
        <span className="inline-flex items-center gap-2 text-sm text-slate-700">
          <CurrencyIcon currency={currency} />
          {currency.name}
          {network && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">{network}</span>
          )}
        </span>
      </div>

      {/* Phone: timer, details, QR; desktop: details on the left, timer and QR on the right. */}
      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-x-6">
        <div className="lg:col-start-2 lg:row-start-1">
          {mode === 'paid' ? (
            <div
              className="rounded-xl bg-emerald-50 px-4 py-3 ring-1 ring-emerald-200 lg:max-w-64"
              data-testid="payment-sent"
            >
              <p className="flex items-center gap-1.5 font-semibold text-emerald-900">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
                {t('confirmStep.sentTitle')}
              </p>
              <p className="mt-1 text-sm text-emerald-900">{t('confirmStep.sentText')}</p>
              {txid && (
                <p className="mt-1 text-sm font-medium text-emerald-900 [overflow-wrap:anywhere]">
                  {t('confirmStep.sentReference', { reference: txid })}
                </p>
              )}
            </div>
          ) : open ? (
            <Countdown deadline={expiresAt} serverNow={serverNow} onExpire={onExpire} />
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {open ? (
            <CopyField label={t('pay.amount')} value={amount} display={shownAmount} suffix={currency.symbol} large />
          ) : (
            <RecordField label={t('pay.amountRecord')} large>
              {shownAmount}
              <span className="ml-1.5 font-sans text-slate-600">{currency.symbol}</span>
            </RecordField>
          )}
          {details && !open ? (
            <>
              <RecordField label={details.label}>
                {currency.kind === 'card' ? formatCardNumber(details.value) : details.value}
              </RecordField>
              {details.memo && <RecordField label={t('pay.memoRecord')}>{details.memo}</RecordField>}
              {details.holder && (
                <RecordField label={t('pay.holder')} mono={false}>
                  {details.holder}
                </RecordField>
              )}
            </>
          ) : details ? (
            <>
              <CopyField
                label={details.label}
                value={details.value}
                display={currency.kind === 'card' ? formatCardNumber(details.value) : undefined}
              />
              {details.memo && <CopyField label={t('pay.memo')} value={details.memo} />}
              {details.holder && (
                <dl>
                  <dt className="text-sm text-slate-600">{t('pay.holder')}</dt>
                  <dd className="mt-0.5 text-base text-ink">{details.holder}</dd>
                </dl>
              )}
            </>
          ) : open ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
              {t('pay.noDetails')}
            </p>
          ) : null}
        </div>
        {open && crypto && details && (
          <div className="flex flex-col items-center gap-3 justify-self-center lg:col-start-2 lg:row-start-2 lg:justify-self-start">
            {/* With a wallet link the QR code carries it (address, amount, memo filled in); else the bare address. */}
            {details.qr && (
              <div
                role="img"
                aria-label={details.uri ? t('pay.qrUri') : t('pay.qr')}
                className="inline-block rounded-xl border border-slate-200 bg-white p-2"
                data-testid="payment-qr"
                // The loader's own SVG (qr-svg.server.ts): squares only, nothing the customer or operator typed.
                dangerouslySetInnerHTML={{ __html: details.qr }}
              />
            )}
            {details.uri && (
              // A phone cannot scan its own screen: there the link comes first, on a desktop under the code.
              <a
                href={details.uri}
                className="btn-secondary order-first w-full gap-2 lg:order-none"
                data-testid="open-wallet"
              >
                <Wallet aria-hidden="true" className="size-4" />
                {t('pay.openWallet')}
              </a>
            )}
          </div>
        )}
      </div>

      {open && (
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h3 className="font-semibold text-ink">{t('pay.instructionsTitle')}</h3>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm leading-relaxed text-slate-700">
            <li>{t(step, vars)}</li>
            {payment.notice && <li>{payment.notice}</li>}
            <li>{t('pay.stepConfirm')}</li>
          </ol>
          <div className="mt-5">
            <ConfirmPaid uuid={uuid} onPaid={onPaid} onRefused={onRefused} />
          </div>
        </div>
      )}
    </section>
  );
}

/** One value of a payment record: written as the Copy field writes it, with nothing to press. */
function RecordField({
  label,
  children,
  large = false,
  mono = true,
}: {
  label: string;
  children: ReactNode;
  large?: boolean;
  mono?: boolean;
}) {
  return (
    <dl>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={`mt-0.5 [overflow-wrap:anywhere] text-ink ${mono ? 'font-mono' : ''} ${large ? 'text-xl font-semibold' : 'text-base'}`}
      >
        {children}
      </dd>
    </dl>
  );
}
