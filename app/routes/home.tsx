import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowRight,
  BadgePercent,
  CircleCheck,
  Headset,
  MousePointerClick,
  ShieldCheck,
  Wallet,
  FileText,
  Zap,
} from 'lucide-react';
import { paths } from '../../shared/paths.ts';
import type { FrameHandle } from '../components/frame/frame.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { monitorLinks } from '../lib/external-links.ts';
import { useLocalizedHref } from '../lib/locale.ts';

export const handle: FrameHandle = { fullBleed: true };

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

/** '₿' drawn, not typed: many system fonts have no glyph for it. */
function BitcoinMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <path d="M8 6h6a3 3 0 0 1 0 6H8m0 0h7a3 3 0 0 1 0 6H8M8 6v12M6 6h2M6 18h2M10 3.5V6M13 3.5V6M10 18v2.5M13 18v2.5" />
    </svg>
  );
}

/** Decorative: currency marks orbiting the brand mark. Pure SVG/CSS, no images, nothing for assistive tech. */
function HeroArt() {
  const coins = [
    { label: 'btc', className: 'top-[6%] left-[42%] bg-amber-400 text-white' },
    { label: 'Ξ', className: 'top-[30%] right-[2%] bg-indigo-500 text-white' },
    { label: '₮', className: 'bottom-[10%] right-[18%] bg-emerald-500 text-white' },
    { label: '₽', className: 'bottom-[4%] left-[26%] bg-white text-brand-700 ring-1 ring-slate-200' },
    { label: '$', className: 'top-[40%] left-[0%] bg-sky-500 text-white' },
    { label: '€', className: 'top-[10%] left-[8%] bg-white text-ink ring-1 ring-slate-200' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-[22rem] select-none">
      <div className="absolute inset-[12%] rounded-full border border-dashed border-brand-500/30" />
      <div className="absolute inset-[28%] rounded-full border border-brand-100 bg-white/60" />
      <div className="absolute inset-[38%] flex items-center justify-center rounded-[28%] bg-brand-600 shadow-xl shadow-brand-600/30">
        <svg viewBox="0 0 32 32" className="size-3/5">
          <path
            d="M9 13h11l-3-3m6 9H12l3 3"
            stroke="#ffffff"
            strokeWidth="2.5"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      {coins.map((coin) => (
        <span
          key={coin.label}
          className={`absolute flex size-14 items-center justify-center rounded-full text-2xl font-bold shadow-lg ${coin.className}`}
        >
          {coin.label === 'btc' ? <BitcoinMark /> : coin.label}
        </span>
      ))}
    </div>
  );
}

/** The home page. The exchange calculator joins the hero with its own issue. */
export default function HomeRoute() {
  const { t } = useTranslation('home');
  const to = useLocalizedHref();
  return (
    <>
      <PageTitle title={t('title')} />

      <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-slate-50">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-40 right-[-10%] size-[32rem] rounded-full bg-brand-100/70 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.6fr_1fr] lg:py-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-100">
              <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
              {t('hero.eyebrow')}
            </p>
            <h1 className="mt-5 text-[2.1rem] leading-[1.15] font-extrabold tracking-tight text-balance text-ink sm:text-5xl sm:leading-tight">
              {t('hero.title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t('hero.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={to(paths.rules)} className="btn-primary gap-2 px-6 py-3 text-base">
                {t('hero.rules')}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to={to(paths.faq)} className="btn-secondary px-6 py-3 text-base">
                {t('hero.faq')}
              </Link>
            </div>
            <ul className="mt-8 grid gap-2.5 text-sm text-slate-700 sm:grid-cols-3 sm:gap-4">
              {(['rate', 'noSignup', 'support'] as const).map((key) => (
                <li key={key} className="flex items-start gap-2">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  <span>{t(`hero.points.${key}`)}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden sm:block">
            <HeroArt />
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
              {monitorLinks.map((monitor) => (
                <li
                  key={monitor.key}
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
