import type { home as ru } from '../ru/home.ts';
import type { Catalogue } from '../types.ts';

export const home: Catalogue<typeof ru> = {
  title: 'Cryptocurrency and e-money exchange',
  calculatorLoading: 'Loading the calculator…',
  newsInRussianOnly: {
    text: 'News is published in Russian only, so you are on the English home page.',
    link: 'Read the news in Russian',
  },
  hero: {
    eyebrow: 'Online exchange',
    title: 'Exchange cryptocurrency and e-money',
    subtitle:
      'The rate is fixed while you pay, the terms are clear before you create an order, and most exchanges complete within minutes.',
    rules: 'Exchange rules',
    faq: 'Questions and answers',
    points: {
      rate: 'Rate fixed while you pay',
      noSignup: 'No sign-up required to exchange',
      support: 'Support in Russian and English',
    },
  },
  steps: {
    title: 'How it works',
    subtitle: 'Three steps from choosing a direction to receiving your funds.',
    one: {
      title: 'Choose a direction',
      text: 'Pick what you send, what you receive and the amount: you see the rate and the total at once.',
    },
    two: {
      title: 'Create an order',
      text: 'Enter your details and e-mail. The rate is locked for the order while you pay.',
    },
    three: {
      title: 'Pay and receive',
      text: 'Send the funds as instructed. Once they arrive, we send the exchange to your details.',
    },
  },
  advantages: {
    title: 'Why Obmen',
    rate: { title: 'Fair rate', text: 'The final amount is calculated up front, with no hidden fees.' },
    speed: { title: 'Fast processing', text: 'The order status updates live on its own page.' },
    security: { title: 'Security', text: 'Encrypted connection and transaction checks under AML/KYC rules.' },
    support: { title: 'Real support', text: 'People, not bots, help you with any order.' },
  },
  reserves: {
    title: 'Reserves and partners',
    text: 'We keep reserves for every exchange direction and publish our rates on independent exchanger monitors, where you can see the current rate, reserve and customer reviews.',
    partnersText: 'Bring customers with your referral link and earn a reward from every exchange.',
    partners: 'Partner programme',
    contacts: 'Contact us',
  },
};
