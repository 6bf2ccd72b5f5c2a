import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations run through server/db/migrate.ts
// (the CLI's native schema engine cannot be downloaded in every environment).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
