import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { defineConfig } from 'vite';

// react-i18next for its context only (app/i18n/use-translation.ts): i18next itself is not in the browser's code.
const frameworkPackages =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-i18next|use-sync-external-store)[\\/]/;

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;
const shell = new Map<string, boolean>();

const entryClient = /[\\/]app[\\/]entry\.client\.tsx$/;

/**
 * Statically imported, directly or not, by the root route or the browser's entry: code every page runs (the frame).
 * Not the entry itself: its top-level code hydrates, and must run only when React Router imports it.
 */
function inShell(id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean {
  const known = shell.get(id);
  if (known !== undefined) return known;
  // A package's barrel would make every export it re-exports look like the frame's.
  if (seen.has(id) || id.includes('node_modules') || entryClient.test(id)) return false;
  seen.add(id);
  if (/[\\/]app[\\/]root\.tsx$/.test(id)) return true;
  const result = (info(id)?.importers ?? []).some(
    (importer) => entryClient.test(importer) || inShell(importer, info, seen),
  );
  shell.set(id, result);
  return result;
}

/**
 * Small modules nearly every page imports (the API call, the page's title and breadcrumb, the visitor's time zone and
 * with it money formatting): in the frame's chunk rather than five small files of their own on each page's first load
 * (~70 B of overhead each, compressed apart). A claim page's first load 130.7 -> 129.3 KiB; the home page, whose
 * calculator formats money only once it is used, 121.0 -> 123.1 (docs/decisions/0028, "Later").
 */
const everyPage =
  /[\\/](app[\\/](lib[\\/](api|time-zone)\.ts|components[\\/](page-title|breadcrumb)\.tsx)|shared[\\/]format\.ts)$/;

function framework(id: string, ctx: { getModuleInfo: ModuleInfoOf }) {
  if (frameworkPackages.test(id)) return 'framework';
  if (everyPage.test(id)) return 'shell';
  if (!id.includes('?') && inShell(id, (m) => ctx.getModuleInfo(m))) return 'shell';
  return null;
}

/**
 * The claim's status vocabulary and strings loader, shared by a claim page, the account's orders and the console: one
 * file instead of three small ones (docs/decisions/0028). Only modules whose imports are all in `framework` or
 * `shell`: a group takes its modules' dependencies with it, and those would drag this file into other pages.
 */
const claimParts =
  /[\\/]app[\\/](components[\\/]claim[\\/](claim-format\.ts|status-badge\.tsx)|i18n[\\/]claim-strings\.ts)$/;

/**
 * What only a claim page and its panels use (the console's claim page reads claim-display.ts too): one file instead of
 * three small ones on a claim's first load. The lazy panels import them as the route does, so they were chunks of their
 * own beside the route's (docs/decisions/0028, "Later").
 */
const claimPage =
  /[\\/](app[\\/]components[\\/](claim[\\/](claim-view\.ts|countdown\.tsx)|icons[\\/]timer\.tsx)|shared[\\/]exchange[\\/]claim-display\.ts)$/;

/**
 * `claimPage`'s imports that other pages share and `everyPage` does not take (the claim statuses): a group takes its
 * modules' dependencies with it, so each is given its own chunk first, as the default splitting made it, and the
 * claim-page group then finds it taken. (`includeDependenciesRecursively: false` would need entries whose exports may
 * change, and route modules are entries React Router reads.)
 */
const claimPageImports = /[\\/](claim-statuses)\.ts$/;

export default defineConfig(() => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // `false`: keeping the server entry's imports external made the production bundle answer 500
    // (docs/architecture.md).
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: false }),
  ],
  build: {
    assetsInlineLimit: 0,
  },
  // The server bundle takes in the UI packages the pages use: imported from node_modules they cost each start the
  // loading of ~5,000 files (every icon of lucide-react, every react-aria package) for the few dozen pieces the pages
  // use (docs/decisions/0030-start-from-snapshot.md).
  ssr: {
    noExternal: [
      'lucide-react',
      /^react-aria/,
      /^@react-aria\//,
      /^@react-stately\//,
      /^@react-types\//,
      /^@internationalized\//,
    ],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, the router and i18n in one chunk: every page needs all of it, and one file compresses better
            // than the eight the default splitting made (the home page's first-load JS, docs/decisions/0012).
            codeSplitting: {
              groups: [
                { name: framework, priority: 1 },
                { name: 'claim-parts', test: claimParts },
                { name: (id: string) => claimPageImports.exec(id)?.[1] ?? null, priority: 1 },
                { name: 'claim-page', test: claimPage },
              ],
            },
          },
        },
      },
    },
  },
}));
