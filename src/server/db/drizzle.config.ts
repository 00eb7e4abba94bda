/** drizzle-kit settings: `npm run db:generate` writes a new migration from schema/ (one file per area). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
