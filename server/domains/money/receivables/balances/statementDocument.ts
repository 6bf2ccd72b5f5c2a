// A house's account statement as PDF (GraphQL houseStatementPdf): the houseStatement figures and rows, in the
// DownloadFile shape of the money PDFs (receipts/documents.ts).
import { builder, grants } from '../../../../graphql/builder.js';
import { communityOf } from '../../../../kernel/context.js';
import { communityToday } from '../../../../kernel/today.js';
import { rowId } from '../../../../kernel/ids.js';
import { DownloadFileRef } from '../receipts/documents.js';
import { STATEMENT_READERS } from './service.js';
import { houseStatement } from './statement.js';
import { statementPdf } from './statementPdf.js';

const houseArg = (id: { typename: string; id: string } | null | undefined) => (id ? (id.typename === 'House' ? rowId(id.id) : -1) : null);

builder.queryField('houseStatementPdf', (t) =>
  t.field({
    type: DownloadFileRef,
    description: "A house's account statement as PDF (the houseStatement figures and rows); house users read their own house without houseId",
    ...grants(...STATEMENT_READERS),
    args: { houseId: t.arg.globalID({ required: false }), from: t.arg.string({ required: false }), to: t.arg.string({ required: false }) },
    resolve: async (_r, args, ctx) => {
      const statement = await houseStatement(ctx, houseArg(args.houseId), { from: args.from, to: args.to });
      return statementPdf(statement, await communityToday(ctx.prisma, communityOf(ctx)));
    },
  }),
);
