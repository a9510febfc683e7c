import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { ReactNode } from 'react';
import { htmlLang, localeFromPath } from '../shared/locales.ts';
import type { Route } from './+types/root';
import { Frame } from './components/frame/frame.tsx';
import { ErrorPage } from './components/frame/error-page.tsx';
import { SeoHead } from './components/frame/seo-head.tsx';
import { contestBannerCookie, readCookie } from './lib/cookies.ts';
import { sessionUser } from './lib/guards.ts';
import { primeSession } from './lib/session.ts';
import { appContext } from './context.ts';
import { useHydratedMark } from './lib/use-hydrated.ts';
import { useNonce } from './nonce.tsx';
import stylesheet from './app.css?url';

export const links: Route.LinksFunction = () =>
  [
    // Production pages carry the stylesheet inline (app/entry.server.tsx, docs/decisions/0010): nothing blocks the
    // first paint. The dev server links it, so Vite can swap it on edits.
    ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: stylesheet }] : []),
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    // No nonce attribute at all: `<Links>` writes its `nonce` prop (`""` below) on every link unless the link says
    // otherwise, and an empty `nonce=""` on an icon or a stylesheet means nothing (only scripts and inline styles
    // are allowed by a nonce).
  ].map((link) => ({ ...link, nonce: undefined }));

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, site, services } = context.get(appContext);
  // The session from the refresh cookie (read, not rotated): the header renders logged in or out on the server, so
  // it never flickers from one to the other after hydration. Guests (no cookie) cost no query.
  // The monitors come from the console (their uploaded banners), through the content memo like the contest.
  const [contest, user, monitors] = await Promise.all([
    services.content.contest(locale),
    sessionUser(context, request),
    services.content.monitors(),
  ]);
  const contestDismissed =
    readCookie(request.headers.get('cookie'), contestBannerCookie.name) === contestBannerCookie.value;
  return { locale, site, contest, contestDismissed, user, monitors };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Root data never changes within a page's life: the locale changes only with a full load. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const locale = data?.locale ?? localeFromPath(pathname);
  const nonce = useNonce();
  // Also on error pages: the Layout wraps the error boundary as well.
  useHydratedMark();
  return (
    <html lang={htmlLang[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1663c0" />
        <Meta />
        {/* Links need no nonce (style-src 'self'). Without a `nonce` prop React Router gives them the request's
            nonce, which browsers then hide from the DOM, and hydration reports a mismatch on every page; each link
            of `links` above then drops the attribute this empty one would write. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Before any child renders or runs an effect: the first API call of the page must know whether to get a token.
  primeSession(loaderData.user !== null);
  return (
    <Frame>
      <SeoHead />
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Nothing logged here: the error that renders this page was logged once already, a loader's or a server render's by
  // handleError (app/entry.server.tsx, through the redacting logger, docs/testing.md), a render's in the browser by
  // React Router's render boundary. A console.error here wrote each a second time (on the server React Router's
  // sanitised copy; in a development build the whole error, unredacted).
  return (
    <Frame>
      <meta name="robots" content="noindex" />
      <ErrorPage status={status} />
    </Frame>
  );
}
