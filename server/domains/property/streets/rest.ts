import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const legacyStreet = (s: { databaseId: number; name: string }) => ({ id: s.databaseId, name: s.name });

const listQuery = legacyPageQuery.extend({
  name: z.string().optional(),
});

const body = z.object({ name: z.string() });

export const streetRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/neighborhoods/{n}/streets',
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: StreetFilter) {
      streets(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { databaseId name } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { name: query.name ?? null } }),
    result: (data) => ({ total: data.streets.totalCount, content: data.streets.edges.map((e: any) => legacyStreet(e.node)) }),
  },
  {
    method: 'GET',
    path: '/neighborhoods/{n}/streets/{id}',
    operation: 'query($id: ID!) { node(id: $id) { ... on Street { databaseId name } } }',
    variables: ({ params }) => ({ id: globalId('Street', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'La calle no existe');
      return legacyStreet(data.node);
    },
  },
  {
    method: 'POST',
    path: '/neighborhoods/{n}/streets',
    body,
    operation: `mutation($input: CreateStreetInput!) { createStreet(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationCreateStreetSuccess { data { street { databaseId name } } } } }`,
    variables: ({ body }) => ({ input: { name: body.name } }),
    result: (data) => legacyStreet(unwrapResult<any>(data.createStreet).street),
    status: 201,
  },
  {
    method: 'PUT',
    path: '/neighborhoods/{n}/streets/{id}',
    body,
    operation: `mutation($input: UpdateStreetInput!) { updateStreet(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationUpdateStreetSuccess { data { street { databaseId name } } } } }`,
    variables: ({ body, params }) => ({ input: { id: globalId('Street', params.id), name: body.name } }),
    result: (data) => legacyStreet(unwrapResult<any>(data.updateStreet).street),
  },
  {
    method: 'DELETE',
    path: '/neighborhoods/{n}/streets/{id}',
    operation: `mutation($input: DeleteStreetInput!) { deleteStreet(input: $input) { ${RESULT_ERROR_FIELDS} ... on MutationDeleteStreetSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('Street', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteStreet);
      return { content: true };
    },
  },
];
