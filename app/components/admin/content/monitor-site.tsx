import type { ReactNode } from 'react';

/**
 * A monitor's name and its address as a link, the first line of its card in the console: the monitors' banners and
 * the monitoring requests inbox. `nofollow` for an address a visitor typed in (a request), not one we list ourselves.
 */
export function MonitorSite({
  name,
  url,
  nofollow = false,
  children,
}: {
  name: string;
  url: string;
  nofollow?: boolean;
  /** More on the same line (a request's status and time). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      {/* A name typed without spaces (up to 100 letters) wraps inside the card instead of running out of it. */}
      <p className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">{name}</p>
      <a
        href={url}
        rel={nofollow ? 'noopener noreferrer nofollow' : 'noopener noreferrer'}
        target="_blank"
        className="text-sm break-all text-brand-700 hover:underline"
      >
        {url}
      </a>
      {children}
    </div>
  );
}
