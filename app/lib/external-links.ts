/**
 * The service's own social accounts, shown in the footer. (The monitors there come from the console: the partners of
 * kind 'monitoring' with their uploaded banners.)
 */
export const socialLinks = [
  { key: 'telegram', href: 'https://t.me/obmen_news' },
  { key: 'vk', href: 'https://vk.com/obmen' },
  { key: 'x', href: 'https://x.com/obmen' },
  { key: 'youtube', href: 'https://www.youtube.com/@obmen' },
] as const;
