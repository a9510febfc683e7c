import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { sharePopup } from '../../shared/client-timing.ts';
import { FacebookIcon, OkIcon, TelegramIcon, VkIcon, WhatsappIcon, XIcon } from './brand-icons.tsx';

export const shareNetworks = ['telegram', 'vk', 'x', 'facebook', 'whatsapp', 'ok'] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

/** The share address of each network for an absolute page `url` and its `title`. */
export function shareUrl(network: ShareNetwork, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (network) {
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'vk':
      return `https://vk.com/share.php?url=${u}&title=${t}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'ok':
      return `https://connect.ok.ru/offer?url=${u}&title=${t}`;
  }
}

/**
 * The `window.open` features of the share popup (docs/product/behaviour.md: 626x436), centred over the current window.
 */
export function popupFeatures(win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>): string {
  const { width, height } = sharePopup;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},menubar=no,toolbar=no,status=no,resizable=yes,scrollbars=yes`;
}

const icons = {
  telegram: TelegramIcon,
  vk: VkIcon,
  x: XIcon,
  facebook: FacebookIcon,
  whatsapp: WhatsappIcon,
  ok: OkIcon,
} as const;

const colours: Record<ShareNetwork, string> = {
  telegram: 'hover:bg-[#229ed9]',
  vk: 'hover:bg-[#0077ff]',
  x: 'hover:bg-black',
  facebook: 'hover:bg-[#1877f2]',
  whatsapp: 'hover:bg-[#128c4b]',
  ok: 'hover:bg-[#d9700a]',
};

/**
 * Share links for a news article (docs/product/site.md). Each is a real link (works without script, or when popups are
 * blocked); with script it opens a 626x436 popup and polls every 500 ms until the popup closes, then calls `onClose`.
 */
export function ShareLinks({
  url,
  title,
  onClose,
}: {
  /** Absolute address of the shared page. */
  url: string;
  title: string;
  onClose?: (network: ShareNetwork) => void;
}) {
  const { t } = useTranslation();
  const poll = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(poll.current), []);

  const open = (network: ShareNetwork) => (event: MouseEvent<HTMLAnchorElement>) => {
    const popup = window.open(shareUrl(network, url, title), `share-${network}`, popupFeatures(window));
    // Blocked popup: let the link open the share page in a new tab instead.
    if (!popup) return;
    event.preventDefault();
    popup.opener = null;
    clearInterval(poll.current);
    poll.current = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll.current);
      poll.current = undefined;
      onClose?.(network);
    }, sharePopup.pollMs);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm font-medium text-slate-600">{t('share.label')}</span>
      <ul className="flex flex-wrap gap-2">
        {shareNetworks.map((network) => {
          const Icon = icons[network];
          return (
            <li key={network}>
              <a
                href={shareUrl(network, url, title)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t(`share.${network}`)}
                onClick={open(network)}
                className={`focus-ring inline-flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-700 transition hover:text-white ${colours[network]}`}
              >
                <Icon className="size-5" />
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
