/** The shared frame: header, menu, login modal, footer, error page (ru is the source catalogue). */
export const frame = {
  siteName: 'Obmen',
  siteDescription:
    'Obmen — обмен банковских карт, электронных кошельков и криптовалют по честному курсу: фиксированный курс на время оплаты, резервы и статус заявки онлайн.',
  skipToContent: 'Перейти к содержимому',
  pageTitle: '{{title}} — Obmen',
  close: 'Закрыть',
  nav: {
    rules: 'Правила',
    partners: 'Партнёрам',
    aml: 'AML/KYC',
    news: 'Новости',
    faq: 'FAQ',
    contacts: 'Контакты',
    menu: 'Меню',
    mobileMenu: 'Мобильное меню',
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
    all: 'Все',
    currencySearch: 'Поиск валюты',
    home: 'Obmen — на главную',
  },
  header: {
    login: 'Войти',
    logout: 'Выйти',
    signUp: 'Регистрация',
    account: 'Личный кабинет',
    console: 'Пульт оператора',
  },
  banner: {
    label: 'Конкурс',
    text: 'Оставьте комментарий — участвуйте в конкурсе!',
    dismiss: 'Скрыть объявление о конкурсе',
  },
  language: {
    label: 'Язык',
    ru: 'Русский',
    en: 'English',
  },
  breadcrumb: { main: 'Главная', label: 'Навигационная цепочка' },
  footer: {
    copyright: 'Сервис обмена электронных валют',
    about: 'Обмен криптовалют и электронных денег по фиксированному курсу: прозрачные условия и живая поддержка.',
    adults: '18+',
    adultsNotice: 'Сервис предназначен только для совершеннолетних.',
    support: 'Поддержка',
    supportHint: 'Ответим на вопросы по заявкам и работе сервиса.',
    menuTitle: 'Сервис',
    monitorsTitle: 'Мы на мониторингах',
    socialTitle: 'Мы в соцсетях',
    newTab: '(откроется в новой вкладке)',
    social: {
      telegram: 'Telegram-канал',
      vk: 'ВКонтакте',
      x: 'X (Twitter)',
      youtube: 'YouTube',
    },
  },
  error: {
    notFound: 'страница не найдена',
    notFoundPath: 'Страница не найдена: {{path}}',
    generic: 'Что-то пошло не так',
    forbiddenHint: 'Эта страница — для сотрудников обменника: у вашей учётной записи к ней нет доступа.',
    genericHint: 'Мы уже знаем о проблеме. Попробуйте обновить страницу чуть позже.',
    unavailable: 'скоро вернёмся',
    unavailableHint:
      'Сервис ненадолго недоступен. Ваши заявки и средства в сохранности: обновите страницу через минуту.',
    contactSupport: 'Если ошибка повторяется, свяжитесь со службой поддержки.',
    notFoundSupport: 'Если сюда привела ссылка с нашего сайта, сообщите об этом в поддержку.',
    writeSupport: 'Написать в поддержку',
    home: 'На главную',
  },
  /** Trusted HTML: rendered as markup by the notification modal. Only ever catalogue text, never user input. */
  notifications: {
    activated: 'Аккаунт успешно активирован',
    withdrawalCreated: 'Заявка на вывод успешно создана',
    paymentExpired:
      'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, пожалуйста, <strong>создайте новую заявку</strong>.',
  },
  captcha: {
    loading: 'Загружаем проверку «Я не робот»…',
    failed: 'Не удалось пройти проверку «Я не робот». Попробуйте ещё раз.',
  },
  share: {
    label: 'Поделиться',
    telegram: 'Поделиться в Telegram',
    vk: 'Поделиться во ВКонтакте',
    x: 'Поделиться в X (Twitter)',
    facebook: 'Поделиться в Facebook',
    whatsapp: 'Поделиться в WhatsApp',
    ok: 'Поделиться в Одноклассниках',
  },
  claimResult: {
    successTitle: 'Оплата прошла успешно',
    successText:
      'Спасибо! Мы получили подтверждение оплаты и уже обрабатываем заявку. Статус заявки можно отслеживать на её странице.',
    failTitle: 'Оплата не прошла',
    failText:
      'Платёж не был завершён. Деньги не списаны, а если списаны — вернутся автоматически. Попробуйте создать заявку ещё раз или напишите в поддержку.',
    newExchange: 'Новый обмен',
  },
};
