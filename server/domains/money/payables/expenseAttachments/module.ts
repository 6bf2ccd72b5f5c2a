// The expenseAttachments module (money/payables): what it owns and what it adds to the app; server/modules.ts lists it.
import { defineModule } from '../../../../kernel/module.js';
import './expenseAttachment.js';
import { expenseAttachmentRoutes } from './rest.js';

export default defineModule({
  name: 'expenseAttachments',
  context: 'money/payables',
  tables: ['ExpenseAttachment'],
  rest: [...expenseAttachmentRoutes],
});
