// GraphQL side of the mail domain: the typed error of the resend flows.
import { builder } from '../../graphql/builder.js';
import { ErrorInterface } from '../../graphql/errorTypes.js';
import { MailDeliveryError } from './sender.js';

builder.objectType(MailDeliveryError, {
  name: 'MailDeliveryError',
  description: 'The mail server did not accept the e-mail; nothing else failed.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MailDeliveryError,
});
