import { z } from 'zod';
import { globalId, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../../rest/router.js';
import { NO_FILE } from './service.js';
import { Response } from '../../../../http/response.js';

const BASE = '/neighborhoods/{n}/expenses/{id}/attachments';
const ITEM_FIELDS = 'databaseId isCfdi fileUrl fileName';
const legacyAttachment = (a: any) => ({ id: a.databaseId, is_cfdi: a.isCfdi, file_url: a.fileUrl, file_name: a.fileName });

/** The id POST /api/1.0/files answered: `file_id` (or `file_path`, `id`, as older clients send it). */
const body = z
  .object({ file_id: z.string().max(200).nullish(), file_path: z.string().max(200).nullish(), id: z.string().max(200).nullish() })
  .nullish()
  .transform((b) => b?.file_id?.trim() || b?.file_path?.trim() || b?.id?.trim() || null);

const expenseNotFound = () => new RestError(404, 404, 'El egreso no existe');

export const expenseAttachmentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    operation: `query($id: ID!) { expenseAttachments(expenseId: $id) { items { ${ITEM_FIELDS} } } }`,
    variables: ({ params }) => ({ id: globalId('Expense', params.id) }),
    result: (data) => {
      if (!data.expenseAttachments) throw expenseNotFound();
      return data.expenseAttachments.items.map(legacyAttachment);
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: AttachExpenseFileInput!) { attachExpenseFile(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationAttachExpenseFileSuccess { data { attachment { ${ITEM_FIELDS} } } } } }`,
    variables: ({ body, params }) => {
      if (!body) throw new RestError(400, 400, NO_FILE);
      return { input: { expenseId: globalId('Expense', params.id), fileId: body } };
    },
    result: (data) => legacyAttachment(unwrapResult<any>(data.attachExpenseFile).attachment),
    status: 201,
  },
  {
    method: 'DELETE',
    path: `${BASE}/{attachmentId}`,
    operation: `mutation($input: DeleteExpenseAttachmentInput!) { deleteExpenseAttachment(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteExpenseAttachmentSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('ExpenseAttachment', params.attachmentId), expenseId: globalId('Expense', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteExpenseAttachment);
      return { content: true };
    },
  },
  {
    method: 'GET',
    path: `${BASE}/{attachmentId}`,
    operation: 'query($id: ID!, $expenseId: ID!) { expenseAttachmentFile(id: $id, expenseId: $expenseId) { fileName contentType base64 } }',
    variables: ({ params }) => ({ id: globalId('ExpenseAttachment', params.attachmentId), expenseId: globalId('Expense', params.id) }),
    result: (data) => {
      const file = data.expenseAttachmentFile;
      if (!file) throw new RestError(404, 404, 'El archivo adjunto no existe');
      return new Response(new Uint8Array(Buffer.from(file.base64, 'base64')), {
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
];
