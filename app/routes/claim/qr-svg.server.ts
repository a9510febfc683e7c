import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QRCodeSVG } from 'qrcode.react';

/**
 * The payment's QR code as SVG markup, drawn on the server by the claim page's loader: the code is in the page's first
 * paint, and the encoder (~6 KiB gzip) is not in the browser's first load (docs/decisions/0028). The markup holds
 * only the code's squares (no text from `value`), so the page inserts it as it is.
 */
export function qrSvg(value: string): string {
  return renderToStaticMarkup(
    createElement(QRCodeSVG, {
      value,
      size: 168,
      level: 'M',
      marginSize: 1,
      'aria-hidden': true,
    }),
  );
}
