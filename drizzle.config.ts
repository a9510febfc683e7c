import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // One file per domain: schema.ts (content, settings) and schema-<domain>.ts for the others.
  schema: ['./server/db/schema.ts', './server/db/schema-*.ts'],
  out: './drizzle',
});
