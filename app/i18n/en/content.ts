import type { content as ru } from '../ru/content.ts';
import type { Catalogue } from '../types.ts';

export const content: Catalogue<typeof ru> = {
  updated: 'Updated {{date}}',
  aside: {
    title: 'Useful pages',
    support: 'Need help?',
    supportText: 'Our support team answers around the clock, 24/7.',
    write: 'Write to support',
    links: {
      rules: 'Exchange rules',
      aml: 'AML/KYC policy',
      faq: 'Questions and answers',
      contacts: 'Contacts',
      sales: 'Promotions and discounts',
      concurs: 'Review contest',
    },
  },
  faq: {
    title: 'Questions and answers',
    lead: 'Answers to common questions about exchanges, timing and safety. Cannot find yours? Write to support.',
    empty: 'No questions yet.',
    contact: 'Still have questions?',
    contactLink: 'Contact support',
  },
  partners: {
    sections: 'Partner sections',
    tabs: {
      programme: 'Partner programme',
      users: 'Our partners',
      monitoring: 'Monitoring sites',
    },
    monitoringList: 'Monitoring sites that list us',
    monitoringEmpty: 'No monitoring sites yet.',
    usersEmpty: 'No partners yet.',
    usersList: 'Partners',
    visit: 'Open {{name}}',
    join: 'Become a partner',
  },
  monitoring: {
    formTitle: 'Apply to list us',
    formLead: 'All fields except the comment are required.',
    name: 'Monitoring site name',
    url: 'Site address',
    urlHint: 'For example, https://monitoring.example',
    email: 'Contact e-mail',
    comment: 'Comment',
    commentHint_one: 'Optional: rates file format, partner id, Telegram contact. Up to {{max}} character.',
    commentHint_other: 'Optional: rates file format, partner id, Telegram contact. Up to {{max}} characters.',
    submit: 'Send the request',
    invalid: 'Please check the form: some fields have errors.',
    thanksTitle: 'Thank you! We have your request',
    thanksText: 'We will check {{url}} and reply to {{email}} within one business day.',
    another: 'Send another request',
  },
};
