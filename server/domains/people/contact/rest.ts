import { z } from 'zod';
import { CONTACT_MESSAGES } from '../../../../core/contact.js';
import { RESULT_ERROR_FIELDS, type RestRoute, unwrapResult } from '../../../rest/router.js';

export const contactRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/auth/contact',
    body: z.object({
      contact_type: z.string(CONTACT_MESSAGES.typeRequired),
      visitor_email: z.string('El correo electrónico no es válido'),
      message: z.string(CONTACT_MESSAGES.messageShort),
    }),
    operation: `mutation($input: ContactRequestInput!) { sendContactRequest(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationSendContactRequestSuccess { data { message } } } }`,
    variables: ({ body }) => ({ input: { contactType: body.contact_type, visitorEmail: body.visitor_email, message: body.message } }),
    result: (data) => ({ content: unwrapResult<{ message: string }>(data.sendContactRequest).message }),
  },
];
