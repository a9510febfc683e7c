import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { Trophy } from '../icons/trophy.tsx';
import { X } from '../icons/x.tsx';
import { paths } from '../../../shared/paths.ts';
import { dismissContestBanner } from '../../lib/cookies.ts';
import { useLocalizedHref } from '../../lib/locale.ts';

/**
 * The contest banner (docs/product/site.md), shown while the contest is active. Closing it is remembered in a cookie
 * the root loader reads (see `contestBannerCookie`), so a dismissed banner is not even rendered by the server.
 */
export function ContestBanner() {
  const { t } = useTranslation();
  const to = useLocalizedHref();
  const [visible, setVisible] = useState(true);
  if (!visible) return null;
  return (
    <section
      aria-label={t('banner.label')}
      data-testid="contest-banner"
      className="bg-gradient-to-r from-brand-700 to-brand-600 text-white"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 sm:px-6">
        <Trophy aria-hidden="true" className="size-4 shrink-0 text-amber-300" />
        <Link
          to={to(paths.concurs)}
          className="focus-ring-inverted flex-1 rounded text-sm font-medium underline-offset-4 hover:underline"
        >
          {t('banner.text')}
        </Link>
        <button
          type="button"
          aria-label={t('banner.dismiss')}
          onClick={() => {
            dismissContestBanner();
            setVisible(false);
          }}
          className="focus-ring-inverted -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-white/90 hover:bg-white/15 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
