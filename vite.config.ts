import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { defineConfig } from 'vite';

export default defineConfig(() => ({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // `false`: keeping the server entry's imports external made the production bundle answer 500 (DESIGN §3).
    fastifyReactRouterDev({ entry: './server/dev-entry.ts', externalizeServerEntryImports: false }),
  ],
  build: {
    assetsInlineLimit: 0,
  },
}));
