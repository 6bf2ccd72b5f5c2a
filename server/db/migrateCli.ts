// npm run migrate            apply prisma/migrations to the configured database (PGlite in ./data or DATABASE_URL)
// npm run migrate:create -- <name>   write a new migration from the drift between schema.prisma and the migrations
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { createMigration } from './migrate.js';

const [command, name] = process.argv.slice(2);
try {
  if (command === 'create') {
    const dir = await createMigration(name ?? 'migration');
    console.log(dir ? `Migración creada: ${dir}` : 'schema.prisma y las migraciones ya coinciden: no hay nada que crear.');
  } else {
    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const applied = await db.migrate();
    await db.close();
    console.log(applied.length ? `Migraciones aplicadas: ${applied.join(', ')}` : 'La base de datos ya está al día.');
  }
} catch (error) {
  console.error(`Error: ${(error as Error).message}`);
  process.exit(1);
}
