/** content: pages, FAQ and the partner section (ru is the source catalogue). Page texts live in the database. */
export const content = {
  updated: 'Обновлено {{date}}',
  aside: {
    title: 'Полезные разделы',
    support: 'Нужна помощь?',
    supportText: 'Служба поддержки отвечает круглосуточно, 24/7.',
    write: 'Написать в поддержку',
    links: {
      rules: 'Правила обмена',
      aml: 'Политика AML/KYC',
      faq: 'Вопросы и ответы',
      contacts: 'Контакты',
      sales: 'Акции и скидки',
      concurs: 'Конкурс отзывов',
    },
  },
  faq: {
    title: 'Вопросы и ответы',
    lead: 'Ответы на частые вопросы об обмене, сроках и безопасности. Не нашли ответ — напишите в поддержку.',
    empty: 'Вопросов пока нет.',
    contact: 'Остались вопросы?',
    contactLink: 'Связаться с поддержкой',
  },
  partners: {
    sections: 'Разделы для партнёров',
    tabs: {
      programme: 'Партнёрская программа',
      users: 'Наши партнёры',
      monitoring: 'Мониторингам',
    },
    monitoringList: 'Мониторинги, на которых мы представлены',
    monitoringEmpty: 'Список мониторингов пока пуст.',
    usersEmpty: 'Список партнёров пока пуст.',
    usersList: 'Партнёры',
    visit: 'Открыть сайт {{name}}',
    join: 'Стать партнёром',
  },
  monitoring: {
    formTitle: 'Заявка на подключение',
    formLead: 'Все поля, кроме комментария, обязательны.',
    name: 'Название мониторинга',
    url: 'Адрес сайта',
    urlHint: 'Например, https://monitoring.example',
    email: 'E-mail для связи',
    comment: 'Комментарий',
    // By `count` (the limit), written with `max` (the limit as the site writes numbers, "1 000").
    commentHint_one:
      'Необязательно: формат файла курсов, партнёрский идентификатор, контакты в Telegram. До {{max}} символа.',
    commentHint_few:
      'Необязательно: формат файла курсов, партнёрский идентификатор, контакты в Telegram. До {{max}} символов.',
    commentHint_many:
      'Необязательно: формат файла курсов, партнёрский идентификатор, контакты в Telegram. До {{max}} символов.',
    commentHint_other:
      'Необязательно: формат файла курсов, партнёрский идентификатор, контакты в Telegram. До {{max}} символа.',
    submit: 'Отправить заявку',
    invalid: 'Проверьте поля формы: в некоторых есть ошибки.',
    thanksTitle: 'Спасибо! Заявка принята',
    thanksText: 'Мы проверим сайт {{url}} и в течение одного рабочего дня ответим на {{email}}.',
    another: 'Отправить ещё одну заявку',
  },
};
