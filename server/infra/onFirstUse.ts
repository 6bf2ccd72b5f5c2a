// Libraries only some requests use (spreadsheets, PDFs, zips, SMTP, Redis) load on their first use, not at
// start: loaded with the server's modules they were a fifth of every start (issue 24, "Starts fast").
// They are CommonJS packages, so a synchronous require keeps their callers as they are.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A getter of the CommonJS package `name`, required the first time it is called. */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
