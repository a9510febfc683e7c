import type { frame as ru } from '../ru/frame.ts';
import type { Catalogue } from '../types.ts';

export const frame: Catalogue<typeof ru> = {
  siteName: 'Obmen',
  siteDescription:
    'Obmen exchanges bank cards, e-wallets and crypto at an honest rate: the rate is fixed while you pay, with reserves and order status online.',
  skipToContent: 'Skip to content',
  pageTitle: '{{title}} — Obmen',
  close: 'Close',
  nav: {
    rules: 'Rules',
    partners: 'Partners',
    aml: 'AML/KYC',
    news: 'News',
    faq: 'FAQ',
    contacts: 'Contacts',
    menu: 'Menu',
    mobileMenu: 'Mobile menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    all: 'All',
    currencySearch: 'Currency search',
    home: 'Obmen — home',
  },
  header: {
    login: 'Log in',
    logout: 'Sign out',
    signUp: 'Sign Up',
    account: 'Personal account',
    console: 'Operator console',
  },
  banner: {
    label: 'Contest',
    text: 'Leave a comment — participate in the competition!',
    dismiss: 'Hide the contest announcement',
  },
  language: {
    label: 'Language',
    ru: 'Русский',
    en: 'English',
  },
  breadcrumb: { main: 'Home', label: 'Breadcrumb' },
  footer: {
    copyright: 'Electronic currency exchange service',
    about: 'Exchange cryptocurrencies and e-money at a fixed rate, with clear terms and real people in support.',
    adults: '18+',
    adultsNotice: 'The service is for adults only.',
    support: 'Support',
    supportHint: 'We answer questions about orders and the service.',
    menuTitle: 'Service',
    monitorsTitle: 'Find us on monitors',
    socialTitle: 'Follow us',
    newTab: '(opens in a new tab)',
    social: {
      telegram: 'Telegram channel',
      vk: 'VK',
      x: 'X (Twitter)',
      youtube: 'YouTube',
    },
  },
  error: {
    notFound: 'page not found',
    notFoundPath: 'Page not found: {{path}}',
    generic: 'Something went wrong',
    forbiddenHint: 'This page is for the exchange’s staff: your account has no access to it.',
    genericHint: 'We already know about the problem. Please try reloading the page a little later.',
    unavailable: 'we will be back shortly',
    unavailableHint:
      'The service is briefly unavailable. Your orders and funds are safe: please reload the page in a minute.',
    contactSupport: 'If the error persists, please contact support.',
    notFoundSupport: 'If a link on our site led you here, please let support know.',
    writeSupport: 'Write to support',
    home: 'Go home',
  },
  notifications: {
    activated: 'Account successfully activated',
    withdrawalCreated: 'Withdrawal request has been successfully created',
    paymentExpired:
      'The waiting time for payment has expired. If you still want to exchange, please <strong>create a new order</strong>.',
  },
  captcha: {
    loading: 'Loading the “I’m not a robot” check…',
    failed: 'The “I’m not a robot” check failed. Please try again.',
  },
  share: {
    label: 'Share',
    telegram: 'Share on Telegram',
    vk: 'Share on VK',
    x: 'Share on X (Twitter)',
    facebook: 'Share on Facebook',
    whatsapp: 'Share on WhatsApp',
    ok: 'Share on OK',
  },
  claimResult: {
    successTitle: 'Payment successful',
    successText:
      'Thank you! We have received the payment confirmation and are processing your order. You can follow its status on the order page.',
    failTitle: 'Payment failed',
    failText:
      'The payment was not completed. No money was taken, or if it was, it will be returned automatically. Please create the order again or write to support.',
    newExchange: 'New exchange',
  },
};
