/** news: the news section, ru only on the site (docs/product/site.md), ru is the source catalogue. */
export const news = {
  title: 'Новости',
  lead: 'Новости сервиса, акции и обновления сайта.',
  latestNews: 'Последние новости',
  latestUpdates: 'Обновления сервиса',
  allNews: 'Архив новостей',
  allUpdates: 'Архив обновлений',
  archiveNews: 'Архив новостей',
  archiveUpdates: 'Архив обновлений',
  emptyNews: 'Новостей пока нет.',
  emptyUpdates: 'Обновлений пока нет.',
  readMore: 'Читать: {{title}}',
  kind: { news: 'Новость', update: 'Обновление' },
  backToNews: 'Все новости',
  pagination: {
    label: 'Страницы архива',
    previous: 'Назад',
    next: 'Вперёд',
    page: 'Страница {{page}}',
    pageOf: 'Страница {{page}} из {{pages}}',
  },
};
