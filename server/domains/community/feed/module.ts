// The feed module (community): posts and polls, votes, comments and who saw each post.
import { defineModule } from '../../../kernel/module.js';
import './post.js';
import { registerFileReader } from '../../../infra/files/service.js';
import { readsAttachment } from './service.js';
import { feedRoutes } from './rest.js';
import { seedFeed } from './demoSeed.js';

export default defineModule({
  name: 'feed',
  context: 'community',
  tables: ['Post', 'PostOption', 'PostVote', 'PostComment', 'PostView'],
  rest: feedRoutes,
  demoSeed: { after: ['neighborhoods', 'sharedFiles'], run: seedFeed },
});

// A post's attachments are read by whoever reads the post.
registerFileReader((db, viewer, fileId) => readsAttachment({ db, prisma: db.prisma, actor: viewer } as never, fileId));
