import type { Locale } from './locales.ts';

/**
 * The one error catalogue: a code, an HTTP status, a user message in both languages, a log message.
 * Server answers use it (DRF shape `{"detail": "...", "code": "..."}`), and the web shows the same texts.
 * Long on purpose: it is data, and every message of the product in one place is what makes it one catalogue.
 */
export const errorCatalogue = {
  not_found: { status: 404, ru: 'Не найдено.', en: 'Not found.', log: 'resource not found' },
  invalid_value: {
    status: 400,
    ru: 'Одно из значений вне допустимых пределов или записано неверно.',
    en: 'One of the values is out of range or malformed.',
    log: 'database data exception (SQLSTATE class 22) from input',
  },
  malformed_url: {
    status: 400,
    ru: 'Некорректный адрес запроса.',
    en: 'Malformed request address.',
    log: 'URL the router cannot decode',
  },
  // What Node's HTTP parser refuses before there is a request (server/client-error.ts).
  malformed_request: {
    status: 400,
    ru: 'Некорректный HTTP-запрос: недопустимые символы в заголовках или неверный формат.',
    en: 'Malformed HTTP request: characters a header may not hold, or a wrong format.',
    log: 'HTTP parser refused the request (a control byte in a header, a malformed request line)',
  },
  body_length_mismatch: {
    status: 400,
    ru: 'Тело запроса не совпадает по длине с заголовком Content-Length.',
    en: 'The request body does not match its Content-Length.',
    log: 'request body shorter or longer than its Content-Length',
  },
  // Any other client error the framework raises (the error handler's last resort): its status is kept.
  bad_request: {
    status: 400,
    ru: 'Некорректный запрос.',
    en: 'Bad request.',
    log: 'client error without a catalogue entry of its own',
  },
  headers_too_large: {
    status: 431,
    ru: 'Слишком большие заголовки запроса.',
    en: 'The request headers are too large.',
    log: 'request headers over the limit',
  },
  request_timeout: {
    status: 408,
    ru: 'Запрос не пришёл целиком вовремя.',
    en: 'The request did not arrive in time.',
    log: 'request not received in time',
  },
  malformed_json: {
    status: 400,
    ru: 'Некорректный JSON в теле запроса.',
    en: 'Malformed JSON in the request body.',
    log: 'malformed JSON body',
  },
  unsupported_media_type: {
    status: 415,
    ru: 'Неподдерживаемый тип содержимого.',
    en: 'Unsupported content type.',
    log: 'unsupported content type',
  },
  payload_too_large: {
    status: 413,
    ru: 'Слишком большой запрос.',
    en: 'Request body is too large.',
    log: 'request body over the limit',
  },
  banner_type: {
    status: 415,
    ru: 'Баннер должен быть картинкой PNG, JPEG, GIF или WebP (SVG не принимается: он может нести скрипт).',
    en: 'The banner must be a PNG, JPEG, GIF or WebP image (SVG is refused: it can carry script).',
    log: 'banner upload: not a png/jpeg/gif/webp image',
  },
  banner_too_large: {
    status: 413,
    ru: 'Баннер больше 256 КБ.',
    en: 'The banner is larger than 256 KB.',
    log: 'banner upload over the limit',
  },
  validation: {
    status: 400,
    ru: 'Проверьте введённые данные.',
    en: 'Please check the data you entered.',
    log: 'validation failed',
  },
  rate_limited: {
    status: 429,
    ru: 'Слишком много запросов. Попробуйте позже.',
    en: 'Too many requests. Please try again later.',
    log: 'rate limited',
  },
  duplicate_monitoring: {
    status: 400,
    ru: 'Заявка от этого сайта уже получена: мы ответим на e-mail, указанный в ней.',
    en: 'We already have a request from this site: we will reply to the e-mail given in it.',
    log: 'duplicate monitoring registration',
  },
  // Field messages of DRF-shaped validation errors (`{"field": ["message"]}`), shared by the API and the web forms.
  field_required: {
    status: 400,
    ru: 'Обязательное поле.',
    en: 'This field is required.',
    log: 'validation: required',
  },
  field_too_long: {
    status: 400,
    ru: 'Не более {max|number} {max|символа|символов|символов}.',
    en: 'Ensure this field has no more than {max|number} {max|character|characters}.',
    log: 'validation: too long',
  },
  field_invalid_email: {
    status: 400,
    ru: 'Введите правильный адрес e-mail.',
    en: 'Enter a valid email address.',
    log: 'validation: e-mail',
  },
  field_invalid_url: {
    status: 400,
    ru: 'Введите правильный адрес сайта, например https://example.com.',
    en: 'Enter a valid site address, e.g. https://example.com.',
    log: 'validation: url',
  },
  field_payment_detail_exists: {
    status: 400,
    ru: 'Эти реквизиты уже есть в списке (№\u00a0{id}): измените их там или включите, если они выключены, а не добавляйте ещё раз.',
    en: 'These details are already in the pool (#{id}): edit them there, or switch them on if they are off, rather than adding them again.',
    log: 'validation: payment detail already in the pool',
  },
  field_invalid_choice: {
    status: 400,
    ru: 'Недопустимое значение.',
    en: 'Not a valid choice.',
    log: 'validation: choice',
  },
  field_invalid_value: {
    status: 400,
    ru: 'Недопустимое значение.',
    en: 'Invalid value.',
    log: 'validation: a value the schema gives no message of its own for',
  },
  field_invalid_integer: {
    status: 400,
    ru: 'Введите целое число не меньше 1.',
    en: 'A valid integer of at least 1 is required.',
    log: 'validation: integer',
  },
  field_integer_max: {
    status: 400,
    ru: 'Не больше {max|number}.',
    en: 'At most {max|number}.',
    log: 'validation: integer past its maximum',
  },
  field_invalid_body: {
    status: 400,
    ru: 'Ожидается объект с полями формы.',
    en: 'Invalid data. Expected an object with the form fields.',
    log: 'validation: body is not an object',
  },
  field_unknown: {
    status: 400,
    ru: 'Неизвестное поле: такого поля здесь нет, его значение не было бы учтено.',
    en: 'Unknown field: there is no such field here, so its value would be ignored.',
    log: 'validation: a field the body does not take',
  },
  field_unknown_did_you_mean: {
    status: 400,
    ru: 'Неизвестное поле. Возможно, имелось в виду «{name}».',
    en: 'Unknown field. Did you mean "{name}"?',
    log: 'validation: a field the body does not take, close to one it does',
  },
  invalid_page: { status: 404, ru: 'Неверная страница.', en: 'Invalid page.', log: 'page out of range' },
  forbidden: { status: 403, ru: 'Доступ запрещён.', en: 'Access denied.', log: 'forbidden' },
  token_not_valid: {
    status: 401,
    ru: 'Токен недействителен или истёк.',
    en: 'Token is invalid or expired.',
    log: 'token not valid',
  },
  not_authenticated: {
    status: 401,
    ru: 'Требуется авторизация.',
    en: 'Authentication credentials were not provided.',
    log: 'not authenticated',
  },
  // Accounts (server/modules/auth, server/modules/users).
  field_password_too_short: {
    status: 400,
    ru: 'Пароль должен быть не короче {min|number} {min|символа|символов|символов}.',
    en: 'Ensure the password has at least {min|number} {min|character|characters}.',
    log: 'validation: password too short',
  },
  field_password_common: {
    status: 400,
    ru: 'Этот пароль подбирают первым: он из самых распространённых или идёт подряд по клавиатуре. Возьмите фразу из нескольких слов.',
    en: 'This password is among the first an attacker tries: a common one or a run of keys. Try a phrase of a few words.',
    log: 'validation: password is a common one',
  },
  field_password_like_email: {
    status: 400,
    ru: 'Пароль не должен повторять e-mail.',
    en: 'The password must not repeat the e-mail.',
    log: 'validation: password repeats the e-mail',
  },
  field_password_mismatch: {
    status: 400,
    ru: 'Пароли не совпадают.',
    en: 'The passwords do not match.',
    log: 'validation: password confirmation differs',
  },
  invalid_credentials: {
    status: 400,
    ru: 'Неверный e-mail или пароль.',
    en: 'Wrong e-mail or password.',
    log: 'login failed',
  },
  wrong_password: {
    status: 400,
    ru: 'Неверный текущий пароль.',
    en: 'The current password is wrong.',
    log: 'password change: wrong old password',
  },
  activation_invalid: {
    status: 400,
    ru: 'Ссылка активации недействительна или устарела.',
    en: 'The activation link is invalid or has expired.',
    log: 'activation token not valid',
  },
  restore_invalid: {
    status: 400,
    ru: 'Ссылка восстановления пароля недействительна или устарела. Запросите новую.',
    en: 'The password recovery link is invalid or has expired. Please request a new one.',
    log: 'restore token not valid',
  },
  already_activated: {
    status: 400,
    ru: 'Аккаунт уже активирован.',
    en: 'The account is already activated.',
    log: 'reactivation of an active account',
  },
  cross_site: {
    status: 403,
    ru: 'Запрос с другого сайта отклонён.',
    en: 'Cross-site request refused.',
    log: 'cross-site request to a cookie-authenticated endpoint',
  },
  // Exchange: calculator, claims, captcha (server/modules/calculator, claims, captcha).
  field_invalid_amount: {
    status: 400,
    // The example as each language writes money (`{example|money}`, shared/field-issues.ts: "1 500,50", "1,500.50"),
    // which is also what the amount fields read back.
    ru: 'Введите сумму числом, например {example|money}.',
    en: 'Enter the amount as a number, e.g. {example|money}.',
    log: 'validation: amount is not a decimal string',
    params: { example: '1500.50' },
  },
  field_amount_decimals: {
    status: 400,
    ru: 'Не более {dp} {dp|знака|знаков|знаков} после запятой.',
    en: 'Ensure there are no more than {dp} {dp|decimal place|decimal places}.',
    log: 'validation: too many decimal places',
  },
  field_amount_whole: {
    status: 400,
    ru: 'Только целое число: у этой валюты нет знаков после запятой.',
    en: 'A whole number only: this currency has no decimal places.',
    log: 'validation: a fraction of a currency with 0 decimals',
  },
  field_amount_min: {
    status: 400,
    ru: 'Минимальная сумма: {min|money}.',
    en: 'The minimum amount is {min|money}.',
    log: 'validation: amount below the minimum',
  },
  field_withdrawal_min: {
    status: 400,
    ru: 'Минимальная сумма: {min|money}.',
    en: 'The minimum amount is {min|money}.',
    log: 'validation: withdrawal below the minimum',
  },
  field_amount_max: {
    status: 400,
    ru: 'Максимальная сумма: {max|money}.',
    en: 'The maximum amount is {max|money}.',
    log: 'validation: amount above the maximum',
  },
  field_amount_negative: {
    status: 400,
    ru: 'Не может быть отрицательным.',
    en: 'Cannot be negative.',
    log: 'validation: a negative amount where none is allowed',
  },
  field_amount_positive: {
    status: 400,
    ru: 'Должно быть больше нуля.',
    en: 'Must be greater than zero.',
    log: 'validation: zero or negative where a positive number is required',
  },
  field_amount_ambiguous: {
    status: 400,
    ru: 'Непонятно, тысячи это или дробь: напишите 1500 или 1,5 (без запятой между разрядами).',
    en: 'Thousands or a fraction? Write 1500 or 1.5 (no comma between thousands).',
    log: 'validation: a comma that reads as grouping or as a decimal mark',
  },
  field_amount_comma: {
    status: 400,
    ru: 'Дробную часть отделяйте запятой (1,5), разряды — пробелом (1 500).',
    en: 'A comma only groups thousands (1,500.50); write decimals after a point (1.5).',
    log: 'validation: an English amount with a comma that groups no thousands',
  },
  field_amount_too_large: {
    status: 400,
    ru: 'Слишком большое число: не более 18 цифр до запятой.',
    en: 'The number is too large: at most 18 digits before the decimal point.',
    log: 'validation: more whole digits than numeric(36,18) holds',
  },
  field_invalid_number: {
    status: 400,
    ru: 'Введите число, например 2,5.',
    en: 'Enter a number, e.g. 2.5.',
    log: 'validation: a percent or course that is not a decimal number',
  },
  field_percent_range: {
    status: 400,
    ru: 'Процент должен быть от {min|number} до {max|number}.',
    en: 'The percentage must be from {min|number} to {max|number}.',
    log: 'validation: percent out of range',
  },
  field_percent_above: {
    status: 400,
    ru: 'Процент должен быть больше {min|number} и не больше {max|number}.',
    en: 'The percentage must be above {min|number} and at most {max|number}.',
    log: 'validation: percent out of a range open at the bottom',
  },
  field_amount_above_balance: {
    status: 400,
    ru: 'Сумма больше доступного баланса ({balance|money}).',
    en: 'The amount is more than the available balance ({balance|money}).',
    log: 'validation: withdrawal above the balance',
  },
  field_invalid_date: {
    status: 400,
    ru: 'Введите дату в формате ГГГГ-ММ-ДД.',
    en: 'Enter a date as YYYY-MM-DD.',
    log: 'validation: bad date',
  },
  field_date_not_exist: {
    status: 400,
    ru: 'Такой даты нет: проверьте месяц и день.',
    en: 'There is no such date: check the month and the day.',
    log: 'validation: date that does not exist',
  },
  field_date_out_of_range: {
    status: 400,
    ru: 'Год должен быть от 1 до 9999.',
    en: 'The year must be from 1 to 9999.',
    log: 'validation: date outside the years 1-9999',
  },
  field_year_between: {
    status: 400,
    ru: 'Год должен быть от {min} до {max}.',
    en: 'The year must be from {min} to {max}.',
    log: 'validation: year outside the range the field takes',
  },
  field_date_in_future: {
    status: 400,
    ru: 'Дата в будущем: отложенная публикация пока не поддерживается, а запись с такой датой появилась бы сразу и первой в списке. Укажите текущую или прошедшую дату.',
    en: 'The date is in the future: posts cannot be scheduled yet, and one dated later would appear at once, at the top of the list. Enter the current or a past date.',
    log: 'validation: news date in the future',
  },
  field_date_before_start: {
    status: 400,
    ru: 'Дата окончания раньше даты начала.',
    en: 'The end date is before the start date.',
    log: 'validation: period ends before it starts',
  },
  promocode_unknown: {
    status: 400,
    ru: 'Такого промокода нет.',
    en: 'There is no such promocode.',
    log: 'promocode: unknown or disabled',
  },
  promocode_not_started: {
    status: 400,
    ru: 'Промокод ещё не действует.',
    en: 'This promocode is not valid yet.',
    log: 'promocode: before its start',
  },
  promocode_expired: {
    status: 400,
    ru: 'Срок действия промокода истёк.',
    en: 'This promocode has expired.',
    log: 'promocode: past its end',
  },
  promocode_used_up: {
    status: 400,
    ru: 'Промокод больше не действует: все использования исчерпаны.',
    en: 'This promocode has no uses left.',
    log: 'promocode: no uses left',
  },
  promocode_used_by_you: {
    status: 400,
    ru: 'Вы уже воспользовались этим промокодом столько раз, сколько можно одному клиенту.',
    en: 'You have already used this promocode as many times as one customer may.',
    log: 'promocode: the customer used their uses',
  },
  promocode_not_yours: {
    status: 400,
    ru: 'Этот промокод выдан другому клиенту. Войдите в свой аккаунт, если он ваш.',
    en: 'This promocode belongs to another customer. Log in if it is yours.',
    log: 'promocode: assigned to another customer',
  },
  field_reserve_exceeded: {
    status: 400,
    ru: 'Недостаточно резерва: не более {max|money}.',
    en: 'Not enough reserve: at most {max|money}.',
    log: 'validation: amount above the reserve',
  },
  field_same_currency: {
    status: 400,
    ru: 'Выберите разные валюты для отправки и получения.',
    en: 'Choose different currencies to send and to receive.',
    log: 'validation: same currency on both sides',
  },
  field_pair_unavailable: {
    status: 400,
    ru: 'Это направление обмена сейчас недоступно.',
    en: 'This exchange direction is not available now.',
    log: 'validation: direction missing or disabled',
  },
  field_invalid_card: {
    status: 400,
    ru: 'Проверьте номер карты.',
    en: 'Check the card number.',
    log: 'validation: card number',
  },
  field_card_checksum: {
    status: 400,
    ru: 'В номере карты опечатка: не сходится контрольная цифра. Проверьте каждую цифру.',
    en: 'The card number has a typo: its check digit does not match. Check every digit.',
    log: 'validation: card number checksum',
  },
  field_invalid_address: {
    status: 400,
    ru: 'Введите правильный адрес в сети {network}.',
    en: 'Enter a valid {network} address.',
    log: 'validation: wallet address',
  },
  field_address_checksum: {
    status: 400,
    ru: 'Контрольная сумма адреса {network} не сходится: в адресе опечатка. Скопируйте адрес из кошелька ещё раз.',
    en: 'The {network} address checksum does not match: the address has a typo. Copy it from your wallet again.',
    log: 'validation: wallet address checksum',
  },
  field_address_network: {
    status: 400,
    ru: 'Это адрес другой сети или тестовой сети, а нужен адрес в основной сети {network}.',
    en: 'This address belongs to another network or a test network; a {network} mainnet address is needed.',
    log: 'validation: wallet address of another network',
  },
  field_invalid_phone: {
    status: 400,
    ru: 'Введите номер телефона в международном формате, например +79161234567.',
    en: 'Enter the phone number in international format, e.g. +79161234567.',
    log: 'validation: phone',
  },
  field_invalid_iban: {
    status: 400,
    ru: 'Проверьте IBAN.',
    en: 'Check the IBAN.',
    log: 'validation: IBAN',
  },
  field_iban_checksum: {
    status: 400,
    ru: 'В IBAN опечатка: не сходятся контрольные цифры. Проверьте каждый символ.',
    en: 'The IBAN has a typo: its check digits do not match. Check every character.',
    log: 'validation: IBAN checksum',
  },
  field_invalid_reference: {
    status: 400,
    ru: 'Укажите номер без управляющих символов, не длиннее {max|number} {max|символа|символов|символов}.',
    en: 'Enter the reference without control characters, at most {max|number} {max|character|characters}.',
    log: 'payment reference with control characters or too long',
  },
  field_invalid_text: {
    status: 400,
    ru: 'Уберите из текста управляющие символы.',
    en: 'Remove the control characters from the text.',
    log: 'validation: text with control characters',
  },
  field_invalid_format: {
    status: 400,
    ru: 'Неверный формат, пример: {example}.',
    en: 'Invalid format, e.g. {example}.',
    log: 'validation: requisite format',
  },
  captcha_invalid: {
    status: 400,
    ru: 'Подтвердите, что вы не робот.',
    en: 'Please confirm you are not a robot.',
    log: 'captcha missing or invalid',
  },
  captcha_required: {
    status: 400,
    ru: 'После нескольких неудачных попыток входа нужна проверка «Я не робот»: она пройдёт сама за пару секунд, затем нажмите «Войти» ещё раз.',
    en: 'After several failed login attempts, a “not a robot” check is needed: it runs by itself in a few seconds, then press “Log in” again.',
    log: 'login: captcha required after failures',
  },
  captcha_used: {
    status: 400,
    ru: 'Проверка уже использована: пройдите её ещё раз.',
    en: 'This check has already been used: please pass it again.',
    log: 'captcha solution reused',
  },
  rate_changed: {
    status: 400,
    ru: 'Курс изменился. Проверьте новые суммы и отправьте заявку ещё раз.',
    en: 'The rate has changed. Check the new amounts and submit the order again.',
    log: 'claim toSumma disagrees with the server rate',
  },
  idempotency_mismatch: {
    status: 422,
    ru: 'Этот ключ идемпотентности уже использован для другой заявки.',
    en: 'This Idempotency-Key was already used with a different request body.',
    log: 'idempotency key reused with another body',
  },
  claim_not_new: {
    status: 409,
    ru: 'Заявка не ожидает оплаты.',
    en: 'The order is not awaiting payment.',
    log: 'claim confirm in a state other than new',
  },
  claim_expired: {
    status: 409,
    ru: 'Время ожидания оплаты истекло. Если вы всё ещё хотите совершить обмен, создайте новую заявку.',
    en: 'The waiting time for payment has expired. If you still want to exchange, please create a new order.',
    log: 'claim payment window passed',
  },
  maintenance: {
    status: 503,
    ru: 'Идут технические работы. Создание заявок временно недоступно.',
    en: 'Maintenance in progress. Orders cannot be created right now.',
    log: 'maintenance mode',
  },
  internal: {
    status: 500,
    ru: 'Что-то пошло не так. Попробуйте позже.',
    en: 'Something went wrong. Please try again later.',
    log: 'unhandled error',
  },
  database_unavailable: {
    status: 503,
    ru: 'Сервис временно недоступен: база данных не отвечает. Попробуйте ещё раз через минуту.',
    en: 'The service is temporarily unavailable: the database is not answering. Please try again in a minute.',
    log: 'database unreachable or too slow (connect or statement timeout)',
  },
  too_many_streams: {
    status: 429,
    ru: 'Слишком много открытых подключений с вашего адреса. Закройте лишние вкладки.',
    en: 'Too many open connections from your address. Close some tabs.',
    log: 'live stream refused: the limit per address is reached',
  },
  streams_full: {
    status: 503,
    ru: 'Сервер сейчас перегружен. Статус обновится через несколько секунд.',
    en: 'The server is busy right now. The status will update in a few seconds.',
    log: 'live stream refused: the limit per process is reached',
  },
  unavailable: {
    status: 503,
    ru: 'Сервис временно недоступен.',
    en: 'Service temporarily unavailable.',
    log: 'unavailable',
  },
  // Operator console (issue 6): each section adds its codes under its own marker.
  // admin-claims codes
  claim_not_expired: {
    status: 409,
    ru: 'Сообщить об оплате после срока можно только по просроченной заявке, и только один раз.',
    en: 'A late payment can be reported only for an expired order, and only once.',
    log: 'late payment reported for a claim not in expired',
  },
  claim_not_requoted: {
    status: 409,
    ru: 'По заявке нет предложения нового курса: обновите страницу и проверьте её статус.',
    en: 'There is no rate offer on this order: reload the page and check its status.',
    log: 'offer answered on a claim not in requoted',
  },
  claim_offer_expired: {
    status: 409,
    ru: 'Срок предложения истёк. Оператор может предложить новый курс, или вы можете попросить возврат.',
    en: 'The offer has expired. The operator may offer a new rate, or you can ask for a refund.',
    log: 'offer accepted after its validUntil',
  },
  claim_requote_unavailable: {
    status: 409,
    ru: 'Направление сейчас не может принять эту сумму (отключено, нет свежего курса или не хватает резерва). Оформите возврат.',
    en: 'The direction cannot take this amount now (switched off, no fresh rate, or not enough reserve). Refund the order instead.',
    log: 'requote of a claim whose direction is inactive, unpriced or short of reserve',
  },
  claim_moved: {
    status: 409,
    ru: 'Заявка изменилась, пока вы с ней работали: обновите страницу и проверьте её статус.',
    en: 'The order changed while you were working on it: reload the page and check its status.',
    log: 'claim action from a status the claim is no longer in',
  },
  claim_action_not_allowed: {
    status: 409,
    ru: 'Это действие недоступно для заявки в таком статусе.',
    en: 'This action is not available for an order in this status.',
    log: 'claim action not allowed from this status',
  },
  // admin-directions codes
  field_reserve_below_zero: {
    status: 400,
    ru: 'Резерв не может стать меньше нуля (сейчас {reserve|money}).',
    en: 'The reserve cannot go below zero (it is {reserve|money} now).',
    log: 'validation: reserve change below zero',
  },
  field_reserve_change_zero: {
    status: 400,
    ru: 'Изменение на ноль ничего не меняет: укажите, сколько прибавить или (с минусом) убавить.',
    en: 'A change of zero changes nothing: give how much to add or (with a minus) take away.',
    log: 'validation: reserve change of zero',
  },
  field_reserve_moved: {
    status: 400,
    ru: 'Резерв уже изменился (другой оператор или выполненная заявка): сейчас {reserve|money}. Ничего не списано: проверьте изменение и примените его снова.',
    en: 'The reserve has changed meanwhile (another operator or a completed order): it is {reserve|money} now. Nothing was debited: check the change and apply it again.',
    log: 'validation: reserve debit confirmed against a reserve that has changed since',
  },
  field_reserve_too_large: {
    status: 400,
    ru: 'Резерв стал бы слишком большим: не более 18 цифр до запятой (сейчас {reserve|money}).',
    en: 'The reserve would become too large: at most 18 digits before the decimal point (it is {reserve|money} now).',
    log: 'validation: reserve change above what numeric(36,18) holds',
  },
  field_currency_choose: {
    status: 400,
    ru: 'Выберите валюту.',
    en: 'Choose a currency.',
    log: 'validation: direction currency not chosen',
  },
  field_min_above_max: {
    status: 400,
    ru: 'Минимум больше максимума.',
    en: 'The minimum is above the maximum.',
    log: 'validation: min above max',
  },
  field_course_missing: {
    status: 400,
    ru: 'Укажите курс или источник курса для выбранного режима.',
    en: 'Set the manual rate, or the rate source, for the chosen mode.',
    log: 'validation: direction without a course for its mode',
  },
  field_currency_code_taken: {
    status: 400,
    ru: 'Валюта с таким кодом уже есть.',
    en: 'A currency with this code already exists.',
    log: 'validation: currency code taken',
  },
  field_pair_taken: {
    status: 400,
    ru: 'Такое направление уже есть: измените его в списке направлений.',
    en: 'This direction already exists: change it in the directions list.',
    log: 'validation: direction pair taken',
  },
  field_input_name: {
    status: 400,
    ru: 'Имя поля: латинские строчные буквы, цифры и _, начинается с буквы, не длиннее 32 символов.',
    en: 'The field name: lower-case latin letters, digits and _, starting with a letter, at most 32 characters.',
    log: 'validation: requisite input name not an identifier',
  },
  field_input_name_taken: {
    status: 400,
    ru: 'Поле с таким именем на этой стороне уже есть.',
    en: 'This side already has a field with this name.',
    log: 'validation: requisite input name repeated',
  },
  field_too_many_inputs: {
    status: 400,
    ru: 'Не более {max|number} {max|поля|полей|полей} на стороне.',
    en: 'At most {max|number} {max|field|fields} per side.',
    log: 'validation: too many requisite inputs',
  },
  field_invalid_pattern: {
    status: 400,
    ru: 'Это не регулярное выражение (не длиннее 200 символов).',
    en: 'This is not a valid regular expression (200 characters at most).',
    log: 'validation: requisite pattern does not compile',
  },
  field_slow_pattern: {
    status: 400,
    ru: 'Такое выражение может проверяться минутами (повтор внутри повтора, как в (a+)+): упростите его.',
    en: 'This expression can take minutes to check (a repeat inside a repeat, as in (a+)+): simplify it.',
    log: 'validation: requisite pattern with nested repeats (catastrophic backtracking)',
  },
  field_slow_choice: {
    status: 400,
    ru: 'Такое выражение может проверяться минутами (выбор внутри повтора, как в (a|b)+): упростите его, например до [ab]+.',
    en: 'This expression can take minutes to check (a choice inside a repeat, as in (a|b)+): simplify it, e.g. to [ab]+.',
    log: 'validation: requisite pattern repeating an alternation (catastrophic backtracking)',
  },
  field_pattern_unsupported: {
    status: 400,
    ru: 'Сервер не может проверять такое выражение. Уберите из него ссылки назад (\\1), просмотр вперёд и назад ((?=…)), флаги ((?i:…)), \\S внутри […] и повторы больше 1000; из свойств Юникода годятся категории и письменности с полным именем (\\p{L}, \\p{Script=Cyrillic}).',
    en: 'The server cannot check this expression. Remove backreferences (\\1), lookarounds ((?=…)), flags ((?i:…)), \\S inside […] and counts above 1000; of Unicode properties, categories and full script names work (\\p{L}, \\p{Script=Cyrillic}).',
    log: 'validation: requisite pattern RE2 cannot run with the same meaning',
  },
  field_invalid_logo: {
    status: 400,
    ru: 'Укажите файл из /currencies/ (например /currencies/btc.svg) или адрес https://.',
    en: 'Give a file under /currencies/ (e.g. /currencies/btc.svg) or an https:// address.',
    log: 'validation: currency logo',
  },
  field_explorer_url: {
    status: 400,
    ru: 'Укажите адрес https://, например https://tronscan.org/#/transaction/{ref}.',
    en: 'Give an https:// address, e.g. https://tronscan.org/#/transaction/{ref}.',
    log: 'validation: explorer url',
  },
  field_explorer_ref: {
    status: 400,
    ru: 'Адрес должен содержать {ref} ровно один раз: на его место встанет хэш транзакции.',
    en: 'The address must contain {ref} exactly once: the transaction hash goes there.',
    log: 'validation: explorer url placeholder',
  },
  field_round_above_decimals: {
    status: 400,
    ru: 'Не больше знаков, чем у валюты ({dp}).',
    en: 'No more decimal places than the currency has ({dp}).',
    log: 'validation: direction rounding above the currency decimals',
  },
  field_decimals_below_round: {
    status: 400,
    ru: 'Направления округляют эту валюту до {dp} знаков: сначала уменьшите их округление.',
    en: 'Directions round this currency to {dp} decimal places: lower their rounding first.',
    log: 'validation: currency decimals below a direction rounding',
  },
  // admin-partners codes
  field_unknown_customers: {
    status: 400,
    ru: 'Нет клиентов с такими e-mail: {emails}.',
    en: 'There are no customers with these e-mails: {emails}.',
    log: 'validation: unknown customer e-mails',
  },
  field_invalid_emails: {
    status: 400,
    ru: 'Это не адреса e-mail: {emails}.',
    en: 'These are not e-mail addresses: {emails}.',
    log: 'validation: malformed e-mails in a list',
  },
  field_too_many: {
    status: 400,
    ru: 'Не более {max|number} {max|значения|значений|значений}.',
    en: 'No more than {max|number} {max|item|items}.',
    log: 'validation: list too long',
  },
  // A promocode's total uses lowered below the uses already counted (a count, not an amount; at least 2 then).
  field_uses_below_count: {
    status: 400,
    ru: 'Использований уже {count|number}: лимит не может быть меньше.',
    en: 'The code has been used {count|number} times already: the limit cannot be lower.',
    log: 'validation: promocode uses limit below its uses so far',
  },
  field_promocode_taken: {
    status: 400,
    ru: 'Такой промокод уже есть.',
    en: 'This promocode already exists.',
    log: 'validation: promocode taken',
  },
  withdrawal_decided: {
    status: 409,
    ru: 'Эта заявка на выплату уже обработана: обновите страницу.',
    en: 'This withdrawal request has already been decided: reload the page.',
    log: 'withdrawal decision on a request that is no longer pending',
  },
  // admin-content codes
  field_slug_taken: {
    status: 400,
    ru: 'Такой адрес уже занят в этом языке.',
    en: 'This address is already taken in this language.',
    log: 'validation: slug taken',
  },
  field_number_range: {
    status: 400,
    ru: 'Введите целое число от {min|number} до {max|number}.',
    en: 'Enter a whole number from {min|number} to {max|number}.',
    log: 'validation: number out of range',
  },
  faq_changed: {
    status: 409,
    ru: 'Список вопросов изменился: обновите страницу и расставьте их снова.',
    en: 'The list of questions has changed: reload the page and put them in order again.',
    log: 'FAQ reorder from a list that changed meanwhile',
  },
  monitoring_decided: {
    status: 409,
    ru: 'По этой заявке уже приняли решение: обновите страницу.',
    en: 'This request has already been decided: reload the page.',
    log: 'monitoring decision on a request that is no longer new',
  },
  // admin-staff codes
  field_unknown_account: {
    status: 400,
    ru: 'Аккаунта с таким e-mail нет: пусть человек сначала зарегистрируется на сайте.',
    en: 'There is no account with this e-mail: ask them to sign up on the site first.',
    log: 'validation: unknown account e-mail',
  },
  staff_self: {
    status: 409,
    ru: 'Свою роль изменить нельзя: попросите другого администратора.',
    en: 'You cannot change your own role: ask another admin.',
    log: 'staff role change of oneself refused',
  },
  staff_not_member: {
    status: 404,
    ru: 'У этой учётной записи уже нет доступа к консоли: обновите страницу, чтобы увидеть команду как она есть.',
    en: 'This account no longer has console access: reload the page to see the team as it is now.',
    log: 'staff role change of an account without console access',
  },
  staff_last_admin: {
    status: 409,
    ru: 'Это последний администратор: сначала назначьте другого.',
    en: 'This is the last admin: make someone else an admin first.',
    log: 'staff role change would leave no admin',
  },
  // admin-rates codes
  direction_rate_stale: {
    status: 409,
    ru: 'Курс этого направления устарел: обмен временно приостановлен, попробуйте через несколько минут.',
    en: 'The rate for this direction is out of date: the exchange is paused for now, try again in a few minutes.',
    log: 'claim refused: the direction source rate is older than its max age',
  },
  // admin-payment-details codes
  no_payment_details: {
    status: 409,
    ru: 'Приём этой валюты временно приостановлен: выберите другую валюту или попробуйте позже.',
    en: 'We cannot accept this currency right now: choose another one or try again later.',
    log: 'claim refused: the send currency has no active payment details',
  },
  payment_details_last: {
    status: 409,
    ru: 'Это последние активные реквизиты валюты, по которой открыты направления: без них калькулятор перестанет предлагать эту валюту, а новые заявки в ней будут отклоняться. Подтвердите, если это и нужно.',
    en: 'These are the last active details of a currency with active directions: without them the calculator stops offering it and new orders paying in it are refused. Confirm if that is what you want.',
    log: 'payment detail switch-off refused: last active one of a currency with active directions',
  },
} as const satisfies Record<
  string,
  // `params`: placeholder values a message always has (an example amount), filled in as the caller's ones are.
  { status: number; log: string; params?: Record<string, string> } & Record<Locale, string>
>;

export type ErrorCode = keyof typeof errorCatalogue;

/**
 * The Retry-After (seconds) of every answer that says the database is away, API and pages alike: a restarted or
 * failed-over database is back within seconds, so clients are asked to wait that long, not a minute.
 */
export const databaseAwayRetryAfter = '5';

export function errorMessage(code: ErrorCode, locale: Locale): string {
  return errorCatalogue[code][locale];
}
