import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useMatches, useRouteLoaderData } from 'react-router';
import { useBuildCheck, useThirdPartyScripts } from '../../lib/site-effects.ts';
import type { RootData } from '../../root.tsx';
import { ContestBanner } from './contest-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/**
 * A route's `handle`: `fullBleed` pages (home) lay out their own full-width sections instead of the centred column;
 * `console` (the operator console's layout) brings its own bar and menu instead of the public header and footer.
 */
export interface FrameHandle {
  fullBleed?: boolean;
  console?: boolean;
}

/**
 * The shared frame of every page (docs/product/site.md): skip link, contest banner, header, main landmark, footer, and
 * the site-wide effects (build check, chat and analytics). The root data is missing when the root loader itself failed:
 * the error page still renders in a frame without the banner and the support address.
 */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<RootData>('root');
  const site = data?.site;
  const matches = useMatches();
  const fullBleed = matches.some((match) => (match.handle as FrameHandle | undefined)?.fullBleed);
  // The console's frame only once its guard let the visitor in (its data is there): a customer's 403 page and a
  // guest's way to the login keep the site's frame, with its menu.
  const inConsole = matches.some(
    (match) => (match.handle as FrameHandle | undefined)?.console && match.loaderData !== undefined,
  );

  useBuildCheck(site?.buildId);
  useThirdPartyScripts([
    { src: site?.chatScriptUrl ?? null },
    { src: site?.analyticsScriptUrl ?? null, id: site?.analyticsId ?? null },
  ]);

  if (inConsole)
    // A workplace: the whole width of the screen, the console's own bar; no banner, site menu or footer.
    return (
      <div className="flex min-h-screen flex-col bg-slate-50">
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        {children}
      </div>
    );

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      {data?.contest.status === 'active' && !data.contestDismissed && <ContestBanner />}
      <Header user={data?.user ?? null} />
      <main
        id="main"
        tabIndex={-1}
        className={`flex-1 outline-none ${fullBleed ? '' : 'mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10'}`}
      >
        {children}
      </main>
      <Footer supportEmail={site?.supportEmail} monitors={data?.monitors ?? []} />
    </div>
  );
}
