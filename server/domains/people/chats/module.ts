// The chats module (people): conversations between people who share a community, their messages, friendships
// (the people of accepted conversations) and the live chat events of each person's open sessions.
import { defineModule } from '../../../kernel/module.js';
import './chat.js';
import { chatRoutes } from './rest.js';
import { seedChats } from './demoSeed.js';

export default defineModule({
  name: 'chats',
  context: 'people',
  tables: ['Chat', 'ChatParticipant', 'ChatMessage'],
  rest: chatRoutes,
  demoSeed: { after: ['neighborhoods', 'feed'], run: seedChats },
});
