import type { AppRoute } from '../../../routes.js';
import { listVariables } from '../../../components/paging.js';
import ChatsQuery from '../../../__generated__/ChatsQuery.graphql.js';
import ChatQuery from '../../../__generated__/ChatQuery.graphql.js';
import FriendshipsQuery from '../../../__generated__/FriendshipsQuery.graphql.js';
import { MESSAGES_PAGE } from '../../../../../core/chats.js';

/** How many people the «Sugerencias» of /friendships shows. */
export const SUGGESTIONS = 6;

/** /chats/{x}: digits are a person's user id (the conversation with them), anything else a conversation's identifier. */
export function chatTarget(segment: string | undefined): { identifier: string; userId: number; byUser: boolean } {
  const value = segment ?? '';
  const byUser = /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647;
  return { identifier: byUser ? '' : value, userId: byUser ? Number(value) : 0, byUser };
}

// Chats and friendships (spec 3 "Chats and friendships"): any signed-in person, no grant.
export const chatRoutes: AppRoute[] = [
  {
    path: '/chats',
    grants: [],
    menu: { group: 'account', label: 'menu.chats' },
    screen: () => import('./Chats.js'),
    query: ChatsQuery,
    variables: ({ search }) => listVariables(search, ['search']),
    skeleton: 'list',
  },
  {
    path: '/chats/:identifier',
    grants: [],
    screen: () => import('./Chat.js'),
    query: ChatQuery,
    variables: ({ params }) => ({ ...chatTarget(params.identifier), first: MESSAGES_PAGE }),
    skeleton: 'page',
  },
  {
    path: '/friendships',
    grants: [],
    screen: () => import('./Friendships.js'),
    query: FriendshipsQuery,
    variables: ({ search }) => ({ ...listVariables(search, ['search']), suggestions: SUGGESTIONS }),
    skeleton: 'list',
  },
  { path: '/friendships/new', grants: [], screen: () => import('./FindFriend.js'), skeleton: 'form' },
];
