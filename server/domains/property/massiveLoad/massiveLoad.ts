// GraphQL of the massive load: the import mutation (multipart upload), the template and the export of
// the houses list. Files come back as base64 so grants and tenancy are enforced here, once; the REST
// routes turn them into XLSX downloads.
import { builder, grants } from '../../../graphql/builder.js';
import { ErrorInterface } from '../../../graphql/errorTypes.js';
import { InputError } from '../../../kernel/errors.js';
import { HouseStatusEnum } from '../houses/house.js';
import type { RowErrors } from './rows.js';
import { exportHouses, importHouses, massiveLoadTemplate, MassiveLoadError, type ImportCounts, type SpreadsheetFile } from './service.js';

const SpreadsheetFileRef = builder.objectRef<SpreadsheetFile>('SpreadsheetFile').implement({
  description: 'A generated XLSX file.',
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    base64: t.string({ description: 'The file contents in base64', resolve: (f) => f.bytes.toString('base64') }),
  }),
});

const RowErrorsRef = builder.objectRef<RowErrors>('MassiveLoadRowErrors').implement({
  description: 'The errors of one row of the sheet.',
  fields: (t) => ({
    row: t.exposeInt('row', { description: 'Row number in the sheet (the header is row 1)' }),
    catastral: t.exposeString('catastral', { nullable: true }),
    errors: t.exposeStringList('errors'),
  }),
});

builder.objectType(MassiveLoadError, {
  name: 'MassiveLoadError',
  description: 'Some rows have errors; no house was imported.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MassiveLoadError,
  fields: (t) => ({ rows: t.field({ type: [RowErrorsRef], resolve: (e) => e.rows }) }),
});

const ImportHousesPayload = builder.objectRef<ImportCounts>('ImportHousesPayload').implement({
  fields: (t) => ({
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    unchanged: t.exposeInt('unchanged'),
  }),
});

builder.mutationField('importHouses', (t) =>
  t.field({
    type: ImportHousesPayload,
    description: 'Massive load of houses with their owners from the XLSX template: all rows or none.',
    ...grants('AMasiveHousesCreate'),
    errors: { types: [InputError, MassiveLoadError] },
    args: { file: t.arg({ type: 'File', required: true }) },
    resolve: (_r, { file }, ctx) => importHouses(ctx, file),
  }),
);

builder.queryField('housesMassiveLoadTemplate', (t) =>
  t.field({
    type: SpreadsheetFileRef,
    description: 'The XLSX template of the massive load, with the community house types.',
    ...grants('AMasiveHousesCreate'),
    resolve: (_r, _a, ctx) => massiveLoadTemplate(ctx),
  }),
);

const HouseExportFilter = builder.inputType('HouseExportFilter', {
  description: 'The owners-list filters (as HouseFilter); ids are database ids, as in the query string.',
  fields: (t) => ({
    firstName: t.string({ required: false }),
    lastName: t.string({ required: false }),
    email: t.string({ required: false }),
    catastral: t.string({ required: false, description: 'Cadastral key prefix' }),
    status: t.field({ type: HouseStatusEnum, required: false }),
    streetId: t.int({ required: false }),
    exteriorNumber: t.string({ required: false }),
    interiorNumber: t.string({ required: false }),
    houseTypeId: t.int({ required: false }),
    block: t.string({ required: false }),
    lot: t.string({ required: false }),
    condominiumId: t.int({ required: false }),
    mallId: t.int({ required: false }),
    userActive: t.boolean({ required: false, description: 'Whether the owner has activated their account' }),
    search: t.string({ required: false, description: 'The search box of the owners list (as HouseFilter.search)' }),
  }),
});

builder.queryField('housesExport', (t) =>
  t.field({
    type: SpreadsheetFileRef,
    description: 'The houses list with the owners-list filters as XLSX.',
    ...grants('AHousesRead'),
    args: { filter: t.arg({ type: HouseExportFilter, required: false }) },
    resolve: (_r, { filter }, ctx) => exportHouses(ctx, filter),
  }),
);
