/** account: the personal account area (ru is the source catalogue). */
export const account = {
  title: 'Личный кабинет',
  navLabel: 'Разделы личного кабинета',
  orders: { title: 'Мои заявки', text: 'История ваших обменов и их статусы.' },
  adv: { title: 'Рекламные материалы', text: 'Баннеры и ссылки для привлечения клиентов.' },
  promocodes: { title: 'Промокоды', text: 'Ваши промокоды и скидки на обмен.' },
  referrer: { title: 'Партнёрская программа', text: 'Баланс, история начислений и вывод вознаграждения.' },
  settings: { title: 'Настройки', text: 'Смена пароля и параметры аккаунта.' },
};
