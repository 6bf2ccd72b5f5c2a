// The feed module (community): posts and polls, votes, comments and who saw each post.
import { defineModule } from '../../../kernel/module.js';
import './post.js';

export default defineModule({
  name: 'feed',
  context: 'community',
  tables: ['Post', 'PostOption', 'PostVote', 'PostComment', 'PostView'],
});
