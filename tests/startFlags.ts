// The Node.js flags `npm start` runs the server with, read from package.json's start script: whatever else
// starts the server (the bench, its raw baseline, the fan-out bench, the smoke test of the artifact) passes the
// same ones, so that it measures what ships.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The flags between `node` and the script in package.json's start script (['--max-semi-space-size=64']). */
export function startFlags(dir = process.cwd()): string[] {
  const start: string = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}
