import { createServer } from 'node:http';
import { createServerAdapter } from '@whatwg-node/server';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnavailableError, openDatabase } from './db/client.js';

async function main() {
  const config = loadConfig();
  // The database opens (PGlite compiles its WebAssembly and starts PostgreSQL) while the rest of the
  // server's modules load: together they are most of a start.
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  database.catch(() => undefined); // buildApp awaits it and reports its failure
  const [{ buildApp }, { DEMO_ACCOUNTS, DEMO_PASSWORD }] = await Promise.all([import('./app.js'), import('./db/seed.js')]);
  const app = await buildApp(config, { trustProxy: process.env.TRUST_PROXY === 'true', database });
  const server = createServer(createServerAdapter(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  app.attachWebsocket(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Comunidad en http://localhost:${port} (base de datos: ${app.db.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`);
  console.log(`  GraphQL: http://localhost:${port}/graphql   REST: http://localhost:${port}/api/1.0`);
  if (config.env === 'production' && config.paymentGateway === 'sandbox') {
    console.log('  Pagos: pasarela de pruebas integrada (sin cobros reales). Usa PAYMENT_GATEWAY=openpay para cobrar con Openpay.');
  }
  if (config.seed === 'demo') {
    console.log(`  Cuentas de demostración (contraseña "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) console.log(`    ${account.email.padEnd(22)} ${account.role}`);
  }
  const shutdown = async () => {
    server.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(`Error: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
    console.error(`Error: el puerto ya está en uso (${(error as Error).message}). Usa PORT para elegir otro.`);
  } else {
    // Anything else is a bug (or a broken artifact): its stack says where.
    console.error('Error al iniciar:', error);
  }
  process.exit(1);
});
