import { CONTACT_TYPES } from '../../../../core/contact.js';
import { builder } from '../../../graphql/builder.js';
import { InputError } from '../../../kernel/errors.js';
import { sendContactRequest } from './service.js';

const ContactRequestInput = builder.inputType('ContactRequestInput', {
  fields: (t) => ({
    contactType: t.string({ required: true, description: `What it is about: ${Object.keys(CONTACT_TYPES).join(', ')}` }),
    visitorEmail: t.string({ required: true, description: 'Where support answers' }),
    message: t.string({ required: true, description: '10 to 2,000 characters' }),
  }),
});

const ContactRequestPayload = builder.objectRef<{ message: string }>('ContactRequestPayload').implement({
  fields: (t) => ({ message: t.exposeString('message') }),
});

builder.mutationField('sendContactRequest', (t) =>
  t.field({
    type: ContactRequestPayload,
    description: "Public: the contact form's message, mailed to the platform's support address (POST /auth/contact)",
    errors: { types: [InputError] },
    args: { input: t.arg({ type: ContactRequestInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ message: await sendContactRequest(ctx, input) }),
  }),
);
