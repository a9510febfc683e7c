/**
 * Addresses outside the site shown in the footer. Monitors are the exchange-rate monitoring sites that list the
 * service (they read the rates export, docs/product/market.md); the social accounts are the service's own.
 */
export const monitorLinks = [
  { key: 'bestchange', href: 'https://www.bestchange.ru/', name: 'BestChange' },
  { key: 'exnode', href: 'https://exnode.ru/', name: 'Exnode' },
  { key: 'kursExpert', href: 'https://kurs.expert/', name: 'Kurs Expert' },
  { key: 'bitsMedia', href: 'https://forum.bits.media/', name: 'Bits.media' },
] as const;

export const socialLinks = [
  { key: 'telegram', href: 'https://t.me/obmen_news' },
  { key: 'vk', href: 'https://vk.com/obmen' },
  { key: 'x', href: 'https://x.com/obmen' },
  { key: 'youtube', href: 'https://www.youtube.com/@obmen' },
] as const;
