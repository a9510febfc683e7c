import type { ContestSetting, contentPages, faqItems, partners } from './schema.ts';
import { demoNews } from './demo-news.ts';

/**
 * Demo content shared by the seed (an empty database with DEMO_DATA) and the test factories. Bodies are the Markdown
 * subset of server/modules/content/markdown.ts; `{{supportEmail}}` becomes the configured support address.
 * The monitoring sites are the ones the footer links to (app/lib/external-links.ts); partner users are made up and
 * live on the reserved `.example` domain.
 * Long because it is data (the demo pages, FAQ and partners in both languages), not logic.
 */

type NewPage = typeof contentPages.$inferInsert;
type NewFaq = typeof faqItems.$inferInsert;
type NewPartner = typeof partners.$inferInsert;

const pages: NewPage[] = [
  {
    slug: 'rules',
    title: { ru: 'Правила обмена', en: 'Exchange rules' },
    description: {
      ru: 'Условия, на которых сервис принимает и исполняет заявки на обмен электронных валют.',
      en: 'The terms on which the service accepts and completes currency exchange orders.',
    },
    body: {
      ru: `## 1. Общие положения
Сервис Obmen обменивает электронные валюты, криптовалюты и средства на банковских картах. Создавая заявку, клиент подтверждает, что прочитал эти правила и согласен с ними. Сервисом могут пользоваться только совершеннолетние.

## 2. Заявка
1. Клиент выбирает направление обмена, сумму и указывает реквизиты получения.
2. Курс фиксируется на **30 минут** с момента создания заявки. За это время нужно перевести средства и нажать «Я оплатил».
3. Если оплата не поступила вовремя, заявка закрывается. Чтобы обменять средства, создайте новую заявку по текущему курсу.
4. Сумма к получению рассчитывается сервером; подсказка калькулятора в браузере носит справочный характер.

## 3. Сроки
- Выплата криптовалютой: после 1–3 подтверждений сети.
- Выплата на банковские карты, через СБП и на электронные кошельки: в течение 5–30 минут после поступления оплаты; зачисление банком получателя в часы пиковой нагрузки может занять до 2 часов.
- Заявки, отправленные на дополнительную проверку, исполняются после её завершения.

## 4. Реквизиты
Клиент отвечает за правильность реквизитов. Средства, отправленные по неверным реквизитам, не возвращаются. Платите только с карты или счёта, указанного в заявке: платёж с другой карты не засчитывается и возвращается отправителю.

## 5. Возвраты
Если обмен невозможен (изменился курс более чем на 3\u00a0%, сумма не совпадает с заявкой, платёж пришёл после закрытия заявки), мы возвращаем средства на реквизиты отправителя за вычетом комиссии сети или банка. Возврат оформляется через поддержку: {{supportEmail}}.

## 6. Ограничения
Сервис вправе приостановить заявку и запросить документы в случаях, описанных в [политике AML/KYC](/aml). Мы не работаем со средствами, полученными незаконным путём, и с адресами из санкционных списков.

## 7. Ответственность
Сервис не отвечает за задержки, вызванные банками, платёжными системами и загруженностью блокчейн-сетей. Спорные ситуации решаются через службу поддержки в течение 3 рабочих дней.`,
      en: `## 1. General
Obmen exchanges e-wallet balances, cryptocurrencies and bank card funds. By creating an order the customer confirms they have read and accept these rules. The service is for adults only.

## 2. Orders
1. The customer chooses the exchange direction and amount and enters the receiving details.
2. The rate is locked for **30 minutes** from the moment the order is created. Send the funds and press "I have paid" within that time.
3. If the payment does not arrive in time, the order is closed. To exchange, create a new order at the current rate.
4. The amount to receive is calculated by the server; the calculator in the browser is only a hint.

## 3. Processing times
- Crypto payouts: after 1–3 network confirmations.
- Payouts to bank cards, via SBP and to e-wallets: within 5–30 minutes of your payment; at peak times the recipient's bank may take up to 2 hours to credit them.
- Orders sent for an additional review are completed once the review is over.

## 4. Payment details
The customer is responsible for the details they enter. Funds sent to wrong details cannot be returned. Pay only from the card or account given in the order: a payment from another card does not count and is returned to the sender.

## 5. Refunds
When an exchange is not possible (the rate moved by more than 3%, the amount differs from the order, the payment arrived after the order closed), we return the funds to the sender's details minus the network or bank fee. Ask support for a refund: {{supportEmail}}.

## 6. Restrictions
The service may hold an order and request documents in the cases described in the [AML/KYC policy](/en/aml). We do not accept funds of illegal origin or addresses on sanctions lists.

## 7. Liability
The service is not liable for delays caused by banks, payment systems or congested blockchains. Disputes are settled by the support team within 3 business days.`,
    },
  },
  {
    slug: 'aml',
    title: { ru: 'Политика AML/KYC', en: 'AML/KYC policy' },
    description: {
      ru: 'Как мы противодействуем отмыванию денег и когда просим подтвердить личность.',
      en: 'How we prevent money laundering and when we ask you to verify your identity.',
    },
    body: {
      ru: `Сервис следует рекомендациям FATF по противодействию отмыванию доходов и финансированию терроризма. Эта политика объясняет, какие проверки мы проводим и какие данные можем запросить.

## Проверка транзакций
- Каждый входящий криптовалютный перевод проверяется сервисом оценки рисков: связь адреса с даркнет-рынками, миксерами, мошенничеством и санкционными списками.
- Переводы с высоким уровнем риска (**более 75\u00a0%**) не обмениваются автоматически и отправляются на ручную проверку.
- Платежи с банковских карт проверяются на соответствие номеру карты, указанному в заявке.

## Когда мы просим подтвердить личность (KYC)
1. Сумма одного обмена превышает эквивалент 5\u00a0000\u00a0USD или сумма обменов за сутки — 10\u00a0000\u00a0USD.
2. Входящий перевод получил высокую оценку риска.
3. Банк или платёжная система запросили информацию о платеже.

Для проверки нужны фото документа, удостоверяющего личность, и селфи с этим документом. Иногда мы просим объяснить происхождение средств: выписку с биржи или кошелька. Проверка обычно занимает до 24 часов.

## Что происходит с заявкой на проверке
Заявка получает статус «На проверке», причину вы увидите на странице заявки. Если проверка пройдена, обмен продолжается по курсу, зафиксированному при создании заявки. Если клиент отказывается от проверки или она не пройдена, средства возвращаются на реквизиты отправителя за вычетом комиссии сети; в случаях, предусмотренных законом, средства могут быть заблокированы до запроса уполномоченных органов.

## Хранение данных
Документы хранятся в зашифрованном виде 5 лет после последней операции и не передаются третьим лицам, кроме случаев, предусмотренных законом.

Вопросы о проверке: {{supportEmail}}.`,
      en: `The service follows the FATF recommendations on anti-money laundering and countering the financing of terrorism. This policy explains which checks we run and which data we may ask for.

## Transaction screening
- Every incoming crypto transfer is scored by a risk screening service: links to darknet markets, mixers, fraud and sanctions lists.
- Transfers with a high risk score (**over 75%**) are not exchanged automatically and go to a manual review.
- Card payments are checked against the card number given in the order.

## When we ask you to verify your identity (KYC)
1. One exchange is over the equivalent of USD 5,000, or your exchanges within a day exceed USD 10,000.
2. An incoming transfer got a high risk score.
3. A bank or payment system asked about the payment.

For the check we need a photo of an identity document and a selfie holding it. Sometimes we ask where the funds come from: an exchange or wallet statement. A check usually takes up to 24 hours.

## What happens to an order under review
The order gets the "On hold" status and the reason shows on the order page. Once the check passes, the exchange continues at the rate locked when the order was created. If the customer declines the check or fails it, the funds are returned to the sender minus the network fee; where the law requires, the funds may be frozen until the authorities request them.

## Data retention
Documents are stored encrypted for 5 years after the last operation and are not shared with third parties except where the law requires.

Questions about a check: {{supportEmail}}.`,
    },
  },
  {
    slug: 'contacts',
    title: { ru: 'Контакты', en: 'Contacts' },
    description: {
      ru: 'Служба поддержки работает круглосуточно, без выходных.',
      en: 'Our support team works around the clock, seven days a week.',
    },
    body: {
      ru: `## Служба поддержки
- E-mail: [{{supportEmail}}](mailto:{{supportEmail}})
- Telegram: [@obmen_support](https://t.me/obmen_support)

**Режим работы: 24/7**, без выходных и праздников. Отвечаем в Telegram в среднем за 5 минут, на e-mail — в течение часа.

## Чтобы мы помогли быстрее
1. Укажите номер заявки: он есть на странице заявки и в письме о её создании.
2. Опишите, что произошло, и приложите хеш транзакции или скриншот платежа.
3. Пишите с того адреса e-mail, который указан в заявке.

## Новости сервиса
Новые направления, изменения курсов и акции публикуем в [Telegram-канале](https://t.me/obmen_news) и в разделе [Новости](/news).

Сотрудники поддержки никогда не просят пароль от личного кабинета, коды из SMS и seed-фразы кошельков.`,
      en: `## Support
- E-mail: [{{supportEmail}}](mailto:{{supportEmail}})
- Telegram: [@obmen_support](https://t.me/obmen_support)

**Working hours: 24/7**, including weekends and holidays. We answer in Telegram in about 5 minutes, by e-mail within an hour.

## To help us help you faster
1. Give the order number: it is on the order page and in the e-mail sent when the order was created.
2. Describe what happened and attach the transaction hash or a screenshot of the payment.
3. Write from the e-mail address given in the order.

## Service news
New directions, rate changes and promotions are announced in our [Telegram channel](https://t.me/obmen_news).

Our staff never ask for your account password, SMS codes or wallet seed phrases.`,
    },
  },
  {
    slug: 'concurs',
    title: { ru: 'Конкурс отзывов', en: 'Review contest' },
    description: {
      ru: 'Оставьте отзыв о нашем сервисе на мониторинге и получите шанс выиграть до 100\u00a0USDT.',
      en: 'Leave a review of our service on a monitoring site and win up to 100\u00a0USDT.',
    },
    body: {
      ru: `Проводим конкурс среди клиентов, которые поделились впечатлениями об обмене. **Срок: с 1 ноября по 31 декабря 2026 года.**

## Как участвовать
1. Совершите обмен на любую сумму от 5\u00a0000\u00a0₽ (или эквивалент) — это наименьшая сумма заявки по нашим направлениям.
2. Оставьте отзыв о сервисе на одном из мониторингов из [списка партнёров](/partners): расскажите, что понравилось и что стоит улучшить.
3. Напишите в поддержку {{supportEmail}} номер заявки и ссылку на отзыв.

Засчитывается один отзыв от одного клиента на каждом мониторинге. Честный отзыв с замечаниями участвует наравне с положительным.

## Призы
- 1 место — 100\u00a0USDT
- 2 место — 50\u00a0USDT
- 3 место — 30\u00a0USDT
- ещё 10 участников, выбранных случайно, — по 10\u00a0USDT

Победителей определим 10 января 2027 года: три лучших отзыва выбирает команда сервиса по полноте и пользе для других клиентов, остальных — генератор случайных чисел в прямом эфире нашего Telegram-канала. Призы зачисляются на реферальный баланс в течение 3 дней после подведения итогов.`,
      en: `We are holding a contest among customers who share their exchange experience. **Dates: 1 November to 31 December 2026.**

## How to take part
1. Make an exchange of any amount from RUB 5,000 (or the equivalent), the smallest order our directions take.
2. Leave a review of the service on one of the monitoring sites from the [partner list](/en/partners): tell what you liked and what we should improve.
3. Send the order number and the link to your review to support at {{supportEmail}}.

One review per customer on each monitoring site counts. An honest review with criticism takes part on equal terms with a positive one.

## Prizes
- 1st place — 100\u00a0USDT
- 2nd place — 50\u00a0USDT
- 3rd place — 30\u00a0USDT
- 10 more participants drawn at random — 10\u00a0USDT each

Winners will be announced on 10 January 2027: the team picks the three best reviews for how complete and useful they are, the rest are drawn by a random number generator live in our Telegram channel. Prizes are credited to the referral balance within 3 days.`,
    },
  },
  {
    slug: 'sales',
    title: { ru: 'Акции и скидки', en: 'Promotions and discounts' },
    description: {
      ru: 'Промокоды, бонус к курсу для зарегистрированных клиентов и партнёрская программа.',
      en: 'Promocodes, a better rate for registered customers and the partner programme.',
    },
    body: {
      ru: `## Скидка новым клиентам
Новым клиентам — улучшенный курс на **0,5\u00a0%** по промокоду **WELCOME**, один раз для каждого клиента. Промокод вводится в форме заявки, регистрация для него не нужна.

## Бонус зарегистрированным клиентам
Войдите в личный кабинет перед созданием заявки: на направлениях с криптовалютой курс станет лучше ещё на **0,5\u00a0%**.

## Приведи друга
Делитесь реферальной ссылкой из личного кабинета и получайте процент с каждого обмена приглашённых клиентов. Подробнее — в разделе [Партнёрам](/partners).

Акции суммируются: бонус зарегистрированного клиента и скидка по промокоду применяются вместе, и в расчёте заявки видна каждая из них.`,
      en: `## A discount for new customers
New customers get a **0.5%** better rate with the promocode **WELCOME**, once per customer. Enter the code in the order form; no account is needed for it.

## A bonus for registered customers
Log in before you create an order: on directions with a cryptocurrency the rate gets another **0.5%** better.

## Invite a friend
Share the referral link from your account and earn a percentage of every exchange of the customers you bring. See [Partners](/en/partners) for details.

Promotions add up: the registered customer's bonus and the promocode's discount apply together, and the order's breakdown shows each of them.`,
    },
  },
  {
    slug: 'partners',
    title: { ru: 'Партнёрская программа', en: 'Partner programme' },
    description: {
      ru: 'Получайте 0,4\u00a0% с каждого обмена приглашённых клиентов.',
      en: 'Earn 0.4% of every exchange made by the customers you refer.',
    },
    body: {
      ru: `## Партнёрская программа
Зарегистрируйтесь, скопируйте реферальную ссылку в [личном кабинете](/account/referrer) и делитесь ею на сайте, в блоге или Telegram-канале. Переход по ссылке запоминается на 30 дней: заявки, созданные за это время, приносят вам вознаграждение, а клиент, зарегистрировавшийся по ссылке, закрепляется за вами навсегда.

- **0,4\u00a0%** от суммы каждого завершённого обмена приглашённых клиентов;
- начисления в реальном времени и подробная история в личном кабинете;
- вывод от 10\u00a0USDT на кошелёк USDT в сети TRC20 — в течение 24 часов.

## Мониторингам
Отдаём курсы в формате XML (и JSON), который понимают популярные мониторинги: направления, курсы, резервы и лимиты. Файл обновляется сразу после каждого изменения курса, резерва или направления. Переходы с мониторинга с параметрами \`cur_from\` и \`cur_to\` сразу открывают нужную пару в калькуляторе. Оставьте заявку на странице [Мониторингам](/partners/monitoring).`,
      en: `## Partner programme
Sign up, copy your referral link in [your account](/en/account/referrer) and share it on your site, blog or Telegram channel. A visit through your link is remembered for 30 days: orders made in that time earn you a reward, and a customer who signs up through it stays yours for good.

- **0.4%** of every completed exchange of the customers you refer;
- earnings in real time with a detailed history in your account;
- withdrawals from 10\u00a0USDT to a USDT wallet on TRC20 within 24 hours.

## For monitoring sites
We publish our rates as XML (and JSON) that popular monitors read: directions, rates, reserves and limits. The file is updated the moment a rate, a reserve or a direction changes. Visitors who follow a monitor's link with \`cur_from\` and \`cur_to\` land on that pair in the calculator. Apply on the [Monitoring](/en/partners/monitoring) page.`,
    },
  },
  {
    slug: 'partners-users',
    title: { ru: 'Наши партнёры', en: 'Our partners' },
    description: {
      ru: 'Сайты, блоги и каналы, которые рекомендуют наш сервис своим читателям.',
      en: 'Sites, blogs and channels that recommend our service to their readers.',
    },
    body: {
      ru: `Эти проекты участвуют в нашей партнёрской программе. Хотите в список? Зарегистрируйтесь, приведите первых клиентов и напишите на {{supportEmail}}.`,
      en: `These projects take part in our partner programme. Want to be listed? Sign up, bring your first customers and write to {{supportEmail}}.`,
    },
  },
  {
    slug: 'partners-monitoring',
    title: { ru: 'Мониторингам', en: 'For monitoring sites' },
    description: {
      ru: 'Подключите наш сервис к своему мониторингу обменных пунктов.',
      en: 'Add our service to your exchange monitoring site.',
    },
    body: {
      ru: `## Что мы предоставляем
- XML-файл курсов \`/export.xml\` в общепринятом формате: направления, курсы, резервы, минимальные и максимальные суммы;
- файл обновляется сразу после каждого изменения курса, резерва или направления; направления с устаревшим курсом в него не попадают, а на время технических работ он пуст;
- переход по ссылке вида \`/?cur_from=BTC&cur_to=SBERRUB\` сразу открывает пару в калькуляторе;
- партнёрское вознаграждение **0,4\u00a0%** с обменов пришедших клиентов.

## Как подключиться
Заполните форму ниже. Мы проверим сайт и в течение одного рабочего дня пришлём адрес файла экспорта и партнёрский идентификатор на указанный e-mail. От одного сайта принимается одна заявка.`,
      en: `## What we provide
- an XML rates file, \`/export.xml\`, in the usual format: directions, rates, reserves, minimum and maximum amounts;
- updated the moment a rate, a reserve or a direction changes; directions with a stale rate are left out, and the file is empty during maintenance;
- a link like \`/?cur_from=BTC&cur_to=SBERRUB\` opens the pair in the calculator;
- a partner reward of **0.4%** of the exchanges of the customers you send.

## How to join
Fill in the form below. We will check the site and within one business day send the export file address and your partner id to the e-mail you give. One request per site.`,
    },
  },
];

const faq: NewFaq[] = [
  {
    question: { ru: 'Как создать заявку на обмен?', en: 'How do I create an exchange order?' },
    answer: {
      ru: 'Выберите на главной странице, что отдаёте и что получаете, введите сумму и реквизиты, укажите e-mail и нажмите «Создать заявку». На странице заявки будут реквизиты для оплаты и таймер. После перевода нажмите «Я оплатил».',
      en: 'On the home page choose what you send and what you receive, enter the amount and your details, give your e-mail and press "Create order". The order page shows where to pay and a timer. After paying, press "I have paid".',
    },
  },
  {
    question: { ru: 'Сколько времени занимает обмен?', en: 'How long does an exchange take?' },
    answer: {
      ru: 'Выплату на карту, через СБП или на кошелёк мы отправляем в течение 5–30 минут после поступления оплаты; в часы пиковой нагрузки банк получателя может зачислять её до 2 часов. Выплата криптовалютой — после 1–3 подтверждений сети.',
      en: 'We send a payout to a card, via SBP or to an e-wallet within 5–30 minutes of your payment; at peak times the recipient’s bank may take up to 2 hours to credit it. Crypto payouts go after 1–3 network confirmations.',
    },
  },
  {
    question: { ru: 'Нужно ли регистрироваться?', en: 'Do I need an account?' },
    answer: {
      ru: 'Нет, обменять можно и без регистрации, промокод тоже вводится без неё. Личный кабинет нужен, чтобы видеть историю заявок и свои промокоды, получать бонус к курсу для зарегистрированных клиентов и участвовать в партнёрской программе.',
      en: 'No, you can exchange without an account, and a promocode works without one too. An account lets you see your orders and your promocodes, get the registered customer bonus on the rate and join the partner programme.',
    },
  },
  {
    question: { ru: 'На какое время фиксируется курс?', en: 'How long is the rate locked?' },
    answer: {
      ru: 'На 30 минут с момента создания заявки. Если оплата не поступила за это время, заявка закрывается: создайте новую по текущему курсу.',
      en: 'For 30 minutes from the moment the order is created. If the payment does not arrive in time the order closes: create a new one at the current rate.',
    },
  },
  {
    question: { ru: 'Почему моя заявка на проверке?', en: 'Why is my order on hold?' },
    answer: {
      ru: 'Заявку могут остановить для проверки по [политике AML/KYC](/aml): например, если сумма крупная или входящий перевод получил высокую оценку риска. Причина указана на странице заявки, поддержка подскажет, что нужно сделать.',
      en: 'An order may be held for a check under the [AML/KYC policy](/en/aml): for example, for a large amount or a high-risk incoming transfer. The reason shows on the order page, and support will tell you what to do.',
    },
  },
  {
    question: { ru: 'Я ошибся в реквизитах. Что делать?', en: 'I entered wrong details. What now?' },
    answer: {
      ru: 'Если вы ещё не оплатили заявку, просто создайте новую. Если оплата уже отправлена, сразу напишите в поддержку {{supportEmail}} с номером заявки: пока средства не отправлены, реквизиты можно исправить.',
      en: 'If you have not paid yet, just create a new order. If you have, write to support at {{supportEmail}} with the order number straight away: details can be corrected until the funds are sent.',
    },
  },
  {
    question: { ru: 'Можно ли оплатить с чужой карты?', en: 'Can I pay with someone else’s card?' },
    answer: {
      ru: 'Нет. Платите с той карты, номер которой указан в заявке, иначе платёж вернётся отправителю за вычетом комиссии банка.',
      en: 'No. Pay from the card whose number is in the order; otherwise the payment is returned to the sender minus the bank fee.',
    },
  },
  {
    question: { ru: 'Какие комиссии я плачу?', en: 'What fees do I pay?' },
    answer: {
      ru: 'Комиссия сервиса уже включена в курс, сумма к получению в калькуляторе — окончательная. Отдельно может взиматься только комиссия вашего банка или кошелька при отправке.',
      en: 'Our fee is included in the rate: the amount to receive in the calculator is final. Only your own bank or wallet may charge a fee for sending.',
    },
  },
  {
    question: { ru: 'Как работает партнёрская программа?', en: 'How does the partner programme work?' },
    answer: {
      ru: 'Вы получаете 0,4\u00a0% от суммы каждого завершённого обмена клиентов, пришедших по вашей ссылке. Ссылка, баланс и история начислений — в личном кабинете, вывод от 10\u00a0USDT. Подробнее — в разделе [Партнёрам](/partners).',
      en: 'You get 0.4% of every completed exchange of the customers who came through your link. The link, balance and history are in your account; withdrawals start at 10\u00a0USDT. See [Partners](/en/partners).',
    },
  },
  {
    question: { ru: 'Безопасно ли указывать свои данные?', en: 'Is it safe to give my details?' },
    answer: {
      ru: 'Сайт работает только по HTTPS, пароли хранятся в виде необратимых хешей, документы KYC — в зашифрованном хранилище. Мы никогда не просим пароль, коды из SMS или seed-фразу.',
      en: 'The site works over HTTPS only, passwords are stored as one-way hashes and KYC documents in encrypted storage. We never ask for your password, SMS codes or seed phrase.',
    },
  },
].map((item, i) => ({ ...item, position: (i + 1) * 10 }));

const partnerList: NewPartner[] = (
  [
    {
      kind: 'monitoring',
      name: 'BestChange',
      url: 'https://www.bestchange.ru/',
      description: {
        ru: 'Крупнейший мониторинг обменных пунктов: курсы, резервы и отзывы клиентов.',
        en: 'The largest exchanger monitor: rates, reserves and customer reviews.',
      },
    },
    {
      kind: 'monitoring',
      name: 'Exnode',
      url: 'https://exnode.ru/',
      description: {
        ru: 'Сравнение курсов криптовалютных направлений в реальном времени.',
        en: 'Real-time comparison of cryptocurrency exchange rates.',
      },
    },
    {
      kind: 'monitoring',
      name: 'Kurs Expert',
      url: 'https://kurs.expert/',
      description: {
        ru: 'Мониторинг с рейтингом обменников по отзывам и истории курсов.',
        en: 'A monitor that rates exchangers by reviews and rate history.',
      },
    },
    {
      kind: 'monitoring',
      name: 'Bits.media',
      url: 'https://forum.bits.media/',
      description: {
        ru: 'Форум о криптовалютах: наша ветка с отзывами и ответами поддержки.',
        en: 'A crypto forum: our thread with reviews and answers from support.',
      },
    },
    {
      kind: 'user',
      name: 'CryptoDigest',
      url: 'https://t.me/cryptodigest_example',
      description: {
        ru: 'Telegram-канал о криптовалютах: ежедневные обзоры рынка.',
        en: 'A Telegram channel on crypto: daily market reviews.',
      },
    },
    {
      kind: 'user',
      name: 'FinGramota',
      url: 'https://fingramota.example',
      description: {
        ru: 'Блог о личных финансах, переводах и инвестициях.',
        en: 'A blog about personal finance, transfers and investing.',
      },
    },
    {
      kind: 'user',
      name: 'Freelance Pay',
      url: 'https://freelancepay.example',
      description: {
        ru: 'Гид для фрилансеров: как получать оплату от зарубежных заказчиков.',
        en: 'A guide for freelancers on getting paid by clients abroad.',
      },
    },
    {
      kind: 'user',
      name: 'USDT Guide',
      url: 'https://usdtguide.example',
      description: {
        ru: 'Инструкции по работе с USDT в разных сетях.',
        en: 'How-tos for USDT on different networks.',
      },
    },
    {
      kind: 'user',
      name: 'Travel Money',
      url: 'https://travelmoney.example',
      description: {
        ru: 'Советы путешественникам: карты, наличные и переводы за границей.',
        en: 'Tips for travellers: cards, cash and transfers abroad.',
      },
    },
  ] satisfies NewPartner[]
).map((p, i) => ({ ...p, position: (i + 1) * 10 }));

export const demoContest: ContestSetting = {
  status: 'active',
  title: { ru: 'Конкурс отзывов', en: 'Review contest' },
  startsAt: '2026-11-01',
  endsAt: '2026-12-31',
  prizes: [
    { ru: '1 место — 100\u00a0USDT', en: '1st place — 100\u00a0USDT' },
    { ru: '2 место — 50\u00a0USDT', en: '2nd place — 50\u00a0USDT' },
    { ru: '3 место — 30\u00a0USDT', en: '3rd place — 30\u00a0USDT' },
    { ru: '10 случайных участников — по 10\u00a0USDT', en: '10 random participants — 10\u00a0USDT each' },
  ],
};

/** The referral programme's terms the demo texts promise; seeded as the programme's setting (key 'referral'). */
const demoReferralTerms = { percent: '0.4', minWithdrawal: '10', currency: 'USDT' } as const;

export const demoContent = {
  pages,
  faq,
  partners: partnerList,
  news: demoNews,
  settings: [
    { key: 'contest', value: demoContest },
    // The programme's terms as the texts above state them (0.4 %, payouts from 10 USDT): the account and the accruals
    // read this setting, so the demo's promise and its behaviour are one (server/db/demo-truth.test.ts holds them so).
    { key: 'referral', value: demoReferralTerms },
  ],
};
