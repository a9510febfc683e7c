/**
 * claimPanels: the claim page's panels for statuses after 'new' (the status panel, the late-payment form, the operator's
 * offer), loaded with them rather than with a new claim's first load (docs/decisions/0028). ru is the source catalogue.
 */
export const claimPanels = {
  late: {
    open: 'Я уже оплатил',
    title: 'Сообщить об оплате после срока',
    text: 'Если вы отправили деньги после окончания срока, сообщите нам: оператор найдёт платёж и предложит текущий курс или возврат.',
    reference: 'Хеш транзакции или номер перевода (необязательно)',
    comment: 'Комментарий для оператора (необязательно)',
    commentHint: 'Когда и откуда вы платили — всё, что поможет найти платёж.',
    submit: 'Сообщить об оплате',
    sending: 'Отправляем…',
    cancel: 'Отмена',
    failed: 'Не удалось отправить. Попробуйте ещё раз.',
  },
  offer: {
    title: 'Сравните условия',
    caption: 'Прежние и новые условия обмена',
    // An offer of the claim's own terms: nothing to compare, the terms to confirm.
    titleSame: 'Условия заявки',
    captionSame: 'условия обмена не изменились',
    unchanged: 'без изменений',
    term: 'Условие',
    was: 'Было',
    now: 'Стало',
    rate: 'Курс',
    receive: 'Вы получите',
    accept: 'Принять новый курс',
    acceptSame: 'Подтвердить заявку',
    accepting: 'Принимаем…',
    refund: 'Вернуть средства',
    refundTitle: 'Куда вернуть средства',
    refundText: 'Средства вернутся в {{currency}} за вычетом комиссии сети или банка. Укажите реквизиты для возврата.',
    refundNoInputs: 'Оператор уточнит реквизиты для возврата по e-mail.',
    refundSubmit: 'Запросить возврат',
    refundSending: 'Отправляем…',
    cancel: 'Отмена',
    failed: 'Не удалось отправить ответ. Попробуйте ещё раз.',
    promocodeDropped:
      'Промокод {{code}} к новому курсу не применён: он больше не действует (его использовали или истёк срок).',
  },
  state: {
    paidTitle: 'Проверяем оплату',
    paidText: 'Вы отметили оплату. Мы проверяем поступление средств, обычно это 5–30 минут. Страница обновится сама.',
    paidOperatorText: 'Мы проверяем поступление средств, обычно это 5–30 минут. Страница обновится сама.',
    processingTitle: 'Оплата получена',
    processingText: 'Оплата получена, заявка выполняется. Страница обновится сама.',
    completedTitle: 'Обмен выполнен',
    completedText: 'Мы отправили {{amount}} {{symbol}} на ваши реквизиты. Спасибо, что выбрали нас!',
    holdTitle: 'Заявка на проверке',
    holdText: 'Заявка на проверке. Мы свяжемся с вами по e-mail.',
    expiredTitle: 'Время оплаты истекло',
    expiredText: 'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    cancelledTitle: 'Заявка отменена',
    cancelledText: 'Заявка отменена. Если вы уже отправили средства, напишите в поддержку.',
    refundedTitle: 'Средства возвращены',
    refundedText: 'Средства возвращены на реквизиты отправителя за вычетом комиссии сети или банка.',
    refundedToText:
      'Средства возвращены на реквизиты, которые вы указали для возврата (ниже), за вычетом комиссии сети или банка.',
    errorTitle: 'Ошибка при выполнении',
    errorText: 'При выполнении заявки возникла ошибка. Напишите в поддержку, мы разберёмся.',
    late_paymentTitle: 'Проверяем оплату после срока',
    late_paymentText:
      'Вы сообщили, что оплатили после окончания срока. Оператор найдёт платёж и предложит новый курс или возврат. Страница обновится сама.',
    requotedTitle: 'Новый курс',
    requotedText: 'Курс изменился, пока платёж шёл. Примите новый курс или попросите вернуть средства.',
    // `requoted` with an offer that only left out a promocode no longer valid (`offerChange`): the rate stayed.
    requotedPromocodeTitle: 'Новый курс без промокода',
    requotedPromocodeText:
      'Оператор нашёл ваш платёж. Рыночный курс не изменился, но промокод больше не действует (его использовали или истёк срок), поэтому курс предложен без его скидки. Примите его или попросите вернуть средства.',
    requotedSameTitle: 'Подтвердите заявку',
    requotedSameText: 'Оператор нашёл ваш платёж. Условия прежние: подтвердите их или попросите вернуть средства.',
    // `requoted` whose offer's time passed (either kind, `offerLapsed`): it can no longer be accepted or confirmed.
    requotedLapsedTitle: 'Срок предложения истёк',
    requotedLapsedText:
      'Принять предложение уже нельзя. Оператор может сделать новое или вернуть средства: мы сообщим по e-mail, и это появится на этой странице. Попросить вернуть средства можно и сейчас.',
    refund_requestedTitle: 'Готовим возврат',
    refund_requestedText:
      'Вы попросили вернуть средства. Оператор отправит их на реквизиты, которые вы указали для возврата (ниже), за вычетом комиссии сети или банка. Страница обновится сама.',
    reason: 'Причина: {{reason}}',
    payoutReference: 'Номер выплаты:',
    refundReference: 'Номер возврата:',
    explorer: '(откроется в новой вкладке)',
    newClaim: 'Создать новую заявку',
    newExchange: 'Новый обмен',
    reviewTitle: 'Понравился обмен? Расскажите о нас на мониторинге:',
    reviewOn: 'Отзыв на {{name}}',
    support: 'Написать в поддержку',
  },
  // The second step of "I have paid" (confirm-step.tsx), loaded as the customer reaches for the button.
  confirmStep: {
    title: 'Подтвердите оплату',
    text: 'Нажмите «Да, я оплатил», только когда деньги уже отправлены: оператор начнёт искать платёж.',
    reference: 'Хеш транзакции или номер перевода (необязательно)',
    referenceHint: 'Поможет оператору быстрее найти ваш платёж.',
    yes: 'Да, я оплатил',
    back: 'Назад',
    sending: 'Отправляем…',
    failed: 'Не удалось отметить оплату. Попробуйте ещё раз.',
  },
  // The operator's offer's countdown (countdown.tsx inside the offer panel).
  offerCountdown: {
    label: 'Предложение действует ещё',
    until: 'До {{time}}',
    minutesLeft: 'Минут до конца предложения: {{count}}',
    over: 'Срок предложения истёк.',
  },
};
