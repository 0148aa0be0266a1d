import { defineConfig } from 'drizzle-kit'

/** PostgreSQL's migrations (`npm run db:generate:pg`), beside SQLite's (drizzle.config.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.pg.ts',
  out: './src/server/db/migrations-pg',
})
