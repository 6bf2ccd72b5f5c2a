import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import { globalId } from '../../../relay/ids.js';
import FeedQuery from '../../../__generated__/FeedQuery.graphql.js';
import PostFormQuery from '../../../__generated__/PostFormQuery.graphql.js';
import PostViewsQuery from '../../../__generated__/PostViewsQuery.graphql.js';
import { FEED_PAGE } from '../../../../../core/feed.js';

const PEOPLE = ['A', 'O', 'S', 'R'];
/** Who reads the feed, and who publishes in it (spec 3 sections 3 to 9). */
export const POST_READERS = PEOPLE.flatMap((p) => [`${p}PostsRead`, `${p}PostsCreate`]);
export const POST_CREATORS = PEOPLE.map((p) => `${p}PostsCreate`);

// The feed (menu «Mi propiedad», «Noticias»), the post form and who saw a post.
export const feedRoutes: AppRoute[] = [
  {
    path: '/news',
    grants: POST_READERS,
    menu: { group: 'property', label: 'menu.news' },
    screen: () => import('./Feed.js'),
    query: FeedQuery,
    variables: () => ({ first: FEED_PAGE }),
    skeleton: 'list',
  },
  {
    path: '/post',
    grants: POST_CREATORS,
    screen: () => import('./PostForm.js'),
    query: PostFormQuery,
    variables: () => ({}),
    skeleton: 'form',
  },
  {
    path: '/post/:idPost/views',
    grants: POST_READERS,
    screen: () => import('./PostViews.js'),
    query: PostViewsQuery,
    variables: ({ params, search }) => ({ ...listVariables(search), postId: globalId('Post', params.idPost) }),
    skeleton: 'list',
  },
];
