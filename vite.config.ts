import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { defineConfig } from 'vite';

const frameworkPackages =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;
// Used by a few pages only (the register page's <Trans>): left to the chunks of those pages.
const notFramework = /react-i18next[\\/]dist[\\/]es[\\/]Trans(WithoutContext)?\.js|html-parse-stringify/;

function framework(id: string) {
  return frameworkPackages.test(id) && !notFramework.test(id) ? 'framework' : null;
}

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
            codeSplitting: { groups: [{ name: framework }] },
          },
        },
      },
    },
  },
}));
