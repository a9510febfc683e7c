import type { news as ru } from '../ru/news.ts';
import type { Catalogue } from '../types.ts';

export const news: Catalogue<typeof ru> = {
  title: 'News',
  lead: 'Service news, promotions and site updates.',
  latestNews: 'Latest news',
  latestUpdates: 'Service updates',
  allNews: 'News archive',
  allUpdates: 'Updates archive',
  archiveNews: 'News archive',
  archiveUpdates: 'Updates archive',
  archiveNewsDescription:
    'Every piece of news from the Obmen exchange: promotions, new directions and rates, newest first.',
  archiveUpdatesDescription: 'Every update of the Obmen site and service: new features, networks and payment methods.',
  emptyNews: 'No news yet.',
  emptyUpdates: 'No updates yet.',
  readMore: 'Read: {{title}}',
  kind: { news: 'News', update: 'Update' },
  backToNews: 'All news',
  pagination: {
    label: 'Archive pages',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}}',
    pageOf: 'Page {{page}} of {{pages}}',
  },
};
