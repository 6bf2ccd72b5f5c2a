// SAT's own XSLT for an original string (cadena original), run in process by SaxonJS (saxon-js, a pure JavaScript
// XSLT 3.0 processor), so that npm test needs no xsltproc. xslt3 compiles a stylesheet and the ones it includes into
// SaxonJS's SEF once; the SEF is kept in the temporary directory under a hash of SAT's files and the SaxonJS version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface SaxonJS {
  getProcessorInfo(): { productVersion: string };
  transform(options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' }, execution: 'sync'): { principalResult: string };
}

const require = createRequire(import.meta.url);
const saxon = require('saxon-js') as SaxonJS;

const SAT_DIR = path.resolve(import.meta.dirname, 'fixtures/sat/sitio_internet/cfd');
/** SAT's transforms, as their paths under www.sat.gob.mx (tests/fixtures/sat). */
export const SAT_XSLT = {
  cfdi40: path.join(SAT_DIR, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'),
  cfdi33: path.join(SAT_DIR, '3/cadenaoriginal_3_3/cadenaoriginal_3_3.xslt'),
  tfd11: path.join(SAT_DIR, 'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt'),
} as const;

const compiled = new Map<string, unknown>();

function satFilesHash(): string {
  const hash = createHash('sha256').update(saxon.getProcessorInfo().productVersion);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(SAT_DIR, file)).update(readFileSync(file));
    }
  };
  walk(SAT_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** The stylesheet compiled to SEF (xslt3 -export), from the cache in the temporary directory when it is there. */
function stylesheet(xslt: string): unknown {
  let sef = compiled.get(xslt);
  if (sef) return sef;
  const file = path.join(tmpdir(), `comunidad-sat-${path.basename(xslt, '.xslt')}-${satFilesHash()}.sef.json`);
  if (!existsSync(file)) {
    // Test files run side by side: each compiles into a file of its own and renames it into place.
    const partial = `${file}.${process.pid}`;
    execFileSync(process.execPath, [require.resolve('xslt3'), `-xsl:${xslt}`, `-export:${partial}`, '-nogo'], { stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(partial, file);
  }
  sef = JSON.parse(readFileSync(file, 'utf8'));
  compiled.set(xslt, sef);
  return sef;
}

/** What SAT's transform writes for this document: the original string, in the stylesheet's text output. */
export function satOriginalString(xslt: string, xml: string): string {
  return saxon.transform({ stylesheetInternal: stylesheet(xslt), sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
}
