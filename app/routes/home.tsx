import { useEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Link, useLoaderData, useRouteLoaderData } from 'react-router';
import { ArrowRight } from '../components/icons/arrow-right.tsx';
import { BadgePercent } from '../components/icons/badge-percent.tsx';
import { CircleCheck } from '../components/icons/circle-check.tsx';
import { Headset } from '../components/icons/headset.tsx';
import { MousePointerClick } from '../components/icons/mouse-pointer-click.tsx';
import { ShieldCheck } from '../components/icons/shield-check.tsx';
import { Wallet } from '../components/icons/wallet.tsx';
import { FileText } from '../components/icons/file-text.tsx';
import { Zap } from '../components/icons/zap.tsx';
import { sentFromNews } from '../../shared/news-locales.ts';
import { paths } from '../../shared/paths.ts';
import type { Route } from './+types/home';
import { appContext } from '../context.ts';
import { ExchangeIsland, loadExchangeForm } from '../components/exchange/exchange-island.tsx';
import type { FrameHandle } from '../components/frame/frame.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { loadExchange } from '../lib/exchange/initial.ts';
import { sessionUser } from '../lib/guards.ts';
import { useLocale, useLocalizedHref } from '../lib/locale.ts';
import type { RootData } from '../root.tsx';
import { localeStrings, preloadStrings, useLocaleStrings } from '../i18n/locale-strings.ts';

/** The page's locale of the home page's strings only (docs/decisions/0028). */
const homeStrings = localeStrings('home', {
  ru: () => import('../i18n/ru/home.ts').then((m) => m.home),
  en: () => import('../i18n/en/home.ts').then((m) => m.home),
});
void preloadStrings(homeStrings);

export const handle: FrameHandle = { fullBleed: true };

/**
 * The calculator's first state from the services in-process (no HTTP hop): currencies, the default or
 * `?cur_from=&cur_to=` pair with its settings and reserve, and the maintenance state. Also waits for the calculator's
 * module, so the server renders the form itself (exchange-island.tsx). `fromNews`: the 'news' guard sent the visitor
 * here (`NewsInRussianOnly`).
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { locale, services } = context.get(appContext);
  const customer = (await sessionUser(context, request)) !== null;
  const [exchange] = await Promise.all([
    loadExchange(services.calculator, locale, url.searchParams, customer),
    loadExchangeForm(),
  ]);
  return { exchange, fromNews: sentFromNews(locale, url.search) };
}

/** Coming from another page: the calculator's chunk loads beside the data, not after it. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadExchangeForm()]);
  return data;
}

const steps = [
  { key: 'one', icon: MousePointerClick },
  { key: 'two', icon: FileText },
  { key: 'three', icon: Wallet },
] as const;

const advantages = [
  { key: 'rate', icon: BadgePercent },
  { key: 'speed', icon: Zap },
  { key: 'security', icon: ShieldCheck },
  { key: 'support', icon: Headset },
] as const;

/**
 * Where the 'news' guard sent a visitor of a news page in a language without news (the language switch on a Russian
 * article): the page says why it is not the news, and links the Russian news (docs/i18n.md). The address loses its
 * `?from=news` once the page is shown, so a link copied from it (or the calculator's pair written into it) does not
 * say it to someone who came from elsewhere; the note stays until the visitor leaves the page.
 */
function NewsInRussianOnly() {
  const { t } = useTranslation('home');
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.delete('from');
    window.history.replaceState(window.history.state, '', url);
  }, []);
  return (
    <p
      data-testid="news-in-russian-only"
      className="mb-4 rounded-xl bg-white px-4 py-3 text-slate-700 shadow-sm ring-1 ring-brand-100"
    >
      {t('newsInRussianOnly.text')}{' '}
      {/* Russian pages have no prefix. A plain link: another language is another document. */}
      <a href={paths.news} hrefLang="ru" className="link font-semibold">
        {t('newsInRussianOnly.link')}
      </a>
    </p>
  );
}

/**
 * The home page: the exchange calculator first (docs/product/site.md), then how it works, why us, reserves and
 * partners.
 */
export default function HomeRoute() {
  useLocaleStrings(homeStrings);
  const { t } = useTranslation('home');
  const { t: tFrame } = useTranslation();
  const to = useLocalizedHref();
  const locale = useLocale();
  const { exchange, fromNews } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>('root');
  const userEmail = root?.user?.email ?? null;
  const monitors = root?.monitors ?? [];
  return (
    <>
      <PageTitle title={t('title')} description={tFrame('siteDescription')} />

      <section
        aria-labelledby="exchange-title"
        className="relative border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50"
      >
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <div className="absolute -top-40 right-[-10%] size-[32rem] rounded-full bg-brand-100/70 blur-3xl" />
        </div>
        <div className="relative mx-auto max-w-6xl px-4 pt-5 pb-10 sm:px-6 sm:pt-8 lg:pb-14">
          {fromNews && <NewsInRussianOnly />}
          <div className="mb-4 sm:mb-6">
            <p className="hidden items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100 sm:inline-flex">
              <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
              {t('hero.eyebrow')}
            </p>
            <h1
              id="exchange-title"
              className="text-xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:mt-3 sm:text-3xl lg:text-4xl"
            >
              {t('hero.title')}
            </h1>
            <p className="mt-2 hidden max-w-3xl leading-relaxed text-slate-600 sm:block">{t('hero.subtitle')}</p>
          </div>

          <ExchangeIsland initial={exchange} locale={locale} userEmail={userEmail} />

          <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
            <ul className="grid gap-2.5 text-sm text-slate-700 sm:grid-cols-3 sm:gap-4 lg:flex lg:gap-8">
              {(['rate', 'noSignup', 'support'] as const).map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  <span>{t(`hero.points.${key}`)}</span>
                </li>
              ))}
            </ul>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Link to={to(paths.rules)} className="btn-ghost gap-1.5">
                {t('hero.rules')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to={to(paths.faq)} className="btn-ghost">
                {t('hero.faq')}
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="max-w-2xl">
          <h2 id="steps-title" className="text-3xl font-bold tracking-tight text-ink">
            {t('steps.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('steps.subtitle')}</p>
        </div>
        <ol className="mt-10 grid gap-5 md:grid-cols-3">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="card relative p-6">
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span aria-hidden="true" className="text-5xl font-extrabold text-slate-200">
                  {index + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-ink">{t(`steps.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="advantages-title" className="bg-white py-16 lg:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="advantages-title" className="text-3xl font-bold tracking-tight text-ink">
            {t('advantages.title')}
          </h2>
          <ul className="mt-8 grid gap-x-8 gap-y-7 sm:mt-10 sm:grid-cols-2 sm:gap-y-10 lg:grid-cols-4">
            {advantages.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4 sm:block">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-md shadow-brand-600/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink sm:mt-4">{t(`advantages.${key}.title`)}</h3>
                  <p className="mt-1 leading-relaxed text-slate-600 sm:mt-2">{t(`advantages.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="reserves-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
          <div className="card p-6 sm:p-8">
            <h2 id="reserves-title" className="text-2xl font-bold tracking-tight text-ink">
              {t('reserves.title')}
            </h2>
            <p className="mt-3 leading-relaxed text-slate-600">{t('reserves.text')}</p>
            <ul className="mt-6 flex flex-wrap gap-2">
              {monitors.map((monitor) => (
                <li
                  key={monitor.id}
                  className="rounded-full bg-slate-100 px-3.5 py-1.5 text-sm font-semibold text-slate-700"
                >
                  {monitor.name}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-between gap-6 rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 p-6 text-white shadow-lg sm:p-8">
            <p className="text-lg leading-relaxed font-medium">{t('reserves.partnersText')}</p>
            <div className="flex flex-wrap gap-3">
              <Link
                to={to(paths.partners)}
                className="focus-ring-inverted inline-flex items-center gap-2 rounded-xl bg-white px-5 py-3 text-sm font-semibold text-brand-700 shadow-sm transition hover:bg-brand-50"
              >
                {t('reserves.partners')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link
                to={to(paths.contacts)}
                className="focus-ring-inverted inline-flex items-center rounded-xl px-5 py-3 text-sm font-semibold text-white ring-1 ring-white/40 transition hover:bg-white/10"
              >
                {t('reserves.contacts')}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
