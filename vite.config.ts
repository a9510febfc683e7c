import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { defineConfig } from 'vite';

// react-i18next for its context only (app/i18n/use-translation.ts): i18next itself is not in the browser's code.
const frameworkPackages =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-i18next|use-sync-external-store)[\\/]/;

function framework(id: string) {
  return frameworkPackages.test(id) ? 'framework' : null;
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
