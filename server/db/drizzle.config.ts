import { defineConfig } from 'drizzle-kit';

// Used only to generate migrations: `npx drizzle-kit generate --config server/db/drizzle.config.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
