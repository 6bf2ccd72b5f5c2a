// Validation against SAT's schemas (copies in ./sat, with our reduced catCFDI.xsd) through libxml2 compiled
// to WebAssembly (xmllint-wasm). One bundle schema imports CFDI 4.0, the stamp and Pagos 2.0, because
// cfdi:Complemento takes any element strictly: each complement we write must be declared to validate.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { serverAsset } from '../assets.js';

const SAT_DIR = serverAsset('infra/cfdi/sat');
const FILES = ['cfdv40.xsd', 'tdCFDI.xsd', 'catCFDI.xsd', 'TimbreFiscalDigitalv11.xsd', 'Pagos20.xsd', 'catPagos.xsd'] as const;

const BUNDLE = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:comunidad:cfdi" elementFormDefault="qualified">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigitalv11.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos20.xsd"/>
</xs:schema>
`;

let schemas: { fileName: string; contents: string }[] | undefined;

/** SAT's files with their imports pointing at the flat names of the in-memory file system. */
export function satSchemaFiles(): { fileName: string; contents: string }[] {
  schemas ??= FILES.map((fileName) => ({
    fileName,
    contents: readFileSync(path.join(SAT_DIR, fileName), 'utf8').replace(/schemaLocation="[^"]*\/([A-Za-z0-9_]+\.xsd)"/g, 'schemaLocation="$1"'),
  }));
  return schemas;
}

export const SAT_SCHEMA_BUNDLE = BUNDLE;

/** Schema errors of a CFDI 4.0 (empty when valid); a document that is not well-formed XML gives its parse error. */
export async function validateAgainstSat(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: 'cfdi.xml', contents: xml },
    schema: { fileName: 'bundle.xsd', contents: BUNDLE },
    preload: satSchemaFiles(),
  });
  if (result.valid) return [];
  return result.errors.map((e) => e.message || e.rawMessage).filter((m) => m.trim());
}
