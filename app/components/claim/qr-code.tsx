import { QRCodeSVG } from 'qrcode.react';

/**
 * The QR code of a payment address (qrcode.react). Its own module so the claim page loads it lazily, and only for
 * crypto pay-ins (docs/performance.md: what first paint does not need loads later).
 */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <div role="img" aria-label={label} className="inline-block rounded-xl border border-slate-200 bg-white p-2">
      <QRCodeSVG value={value} size={168} level="M" marginSize={1} aria-hidden="true" data-testid="payment-qr" />
    </div>
  );
}
