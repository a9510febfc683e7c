/** The shared frame: header, menu, login modal, footer, error page (ru is the source catalogue). */
export const frame = {
  siteName: 'Obmen',
  skipToContent: 'Перейти к содержимому',
  nav: {
    rules: 'Правила',
    partners: 'Партнёрам',
    aml: 'AML/KYC',
    news: 'Новости',
    faq: 'FAQ',
    contacts: 'Контакты',
    menu: 'Меню',
    openMenu: 'Открыть меню',
    closeMenu: 'Закрыть меню',
    all: 'Все',
    currencySearch: 'Поиск валюты',
  },
  header: {
    login: 'Войти',
    logout: 'Выйти',
    signUp: 'Регистрация',
  },
  language: {
    label: 'Язык',
    ru: 'Русский',
    en: 'English',
  },
  breadcrumb: { main: 'Главная', label: 'Навигационная цепочка' },
  footer: {
    copyright: 'Сервис обмена электронных валют',
    adults: '18+',
    adultsNotice: 'Сервис только для совершеннолетних',
    support: 'Поддержка',
  },
  error: {
    notFound: 'страница не найдена',
    notFoundPath: 'Страница не найдена: {{path}}',
    generic: 'Что-то пошло не так',
    contactSupport: 'Если ошибка повторяется, свяжитесь со службой поддержки.',
    writeSupport: 'Написать в поддержку',
    home: 'На главную',
  },
};
