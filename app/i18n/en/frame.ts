import type { frame as ru } from '../ru/frame.ts';
import type { Catalogue } from '../types.ts';

export const frame: Catalogue<typeof ru> = {
  siteName: 'Obmen',
  skipToContent: 'Skip to content',
  nav: {
    rules: 'Rules',
    partners: 'Partners',
    aml: 'AML/KYC',
    news: 'News',
    faq: 'FAQ',
    contacts: 'Contacts',
    menu: 'Menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    all: 'All',
    currencySearch: 'Currency search',
  },
  header: {
    login: 'Log in',
    logout: 'Sign out',
    signUp: 'Sign Up',
  },
  language: {
    label: 'Language',
    ru: 'Русский',
    en: 'English',
  },
  breadcrumb: { main: 'Main', label: 'Breadcrumb' },
  footer: {
    copyright: 'Electronic currency exchange service',
    adults: '18+',
    adultsNotice: 'For adults only',
    support: 'Support',
  },
  error: {
    notFound: 'page not found',
    notFoundPath: 'Page not found: {{path}}',
    generic: 'Something went wrong',
    contactSupport: 'If the error persists, please contact support.',
    writeSupport: 'Write to support',
    home: 'Go home',
  },
};
