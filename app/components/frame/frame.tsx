import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useRouteLoaderData } from 'react-router';
import { useBuildCheck, useThirdPartyScripts } from '../../lib/site-effects.ts';
import type { RootData } from '../../root.tsx';
import { ContestBanner } from './contest-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** A route's `handle`: `fullBleed` pages (home) lay out their own full-width sections instead of the centred column. */
export interface FrameHandle {
  fullBleed?: boolean;
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
  const fullBleed = useMatches().some((match) => (match.handle as FrameHandle | undefined)?.fullBleed);

  useBuildCheck(site?.buildId);
  useThirdPartyScripts([
    { src: site?.chatScriptUrl ?? null },
    { src: site?.analyticsScriptUrl ?? null, id: site?.analyticsId ?? null },
  ]);

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
