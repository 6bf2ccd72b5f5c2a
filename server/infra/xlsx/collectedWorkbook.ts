import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { onFirstUse } from '../onFirstUse.js';

const excel = onFirstUse<typeof ExcelJS>('exceljs');

/** An exceljs streaming workbook whose bytes are collected as rows are committed (small files; a year streams with streamingWorkbook.ts). */
export function collectedWorkbook() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Comunidad';
  return {
    workbook,
    finish: async () => {
      await workbook.commit();
      return Buffer.concat(chunks);
    },
  };
}
