// Writes schema.graphql from the Pothos schema (with its @grant directives); relay-compiler reads it.
import { writeFile } from 'node:fs/promises';
import { printSchemaFile } from '../server/graphql/schema.js';

await writeFile(new URL('../schema.graphql', import.meta.url), printSchemaFile());
console.log('schema.graphql actualizado');
