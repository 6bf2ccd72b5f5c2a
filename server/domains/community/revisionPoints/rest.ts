import { z } from 'zod';
import { globalId, legacyPageQuery, RESULT_ERROR_FIELDS, RestError, unwrapResult, type RestRoute } from '../../../rest/router.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const SELECTION = `databaseId name activeFrom activeUntil minutes rules { startHour endHour ${WEEKDAYS.join(' ')} }`;

/** Spec 3: rules are read as schedules.rules and written as rules; both are answered. */
function legacyPoint(p: any) {
  const rules = p.rules.map((r: any) => ({ start_hour: r.startHour, end_hour: r.endHour, ...Object.fromEntries(WEEKDAYS.map((d) => [d, r[d]])) }));
  return {
    id: p.databaseId,
    name: p.name,
    active_from: p.activeFrom,
    active_until: p.activeUntil,
    minutes: p.minutes,
    rules,
    schedules: { rules },
  };
}

const text = z.string().nullish();
const rule = z.object({ start_hour: text, end_hour: text, ...Object.fromEntries(WEEKDAYS.map((d) => [d, z.boolean().nullish()])) });
const pointFields = {
  name: z.string(),
  active_from: text,
  active_until: text,
  minutes: z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^\s*\d{1,4}\s*$/)
        .transform(Number),
    ])
    .nullish(),
  rules: z.array(rule).max(100).nullish(),
  schedules: z.object({ rules: z.array(rule).max(100).nullish() }).nullish(),
};
const body = z.object(pointFields);
const entry = z.object({ id: z.union([z.number().int(), z.string().regex(/^\d{1,10}$/)]).nullish(), ...pointFields });
/** The whole list: an array, or the list answer's shape ({ content: [...] }). */
const listBody = z.union([z.array(entry).max(100), z.object({ content: z.array(entry).max(100) }).transform((b) => b.content)]);

function toInput(b: z.infer<typeof body>) {
  const rules = b.rules ?? b.schedules?.rules ?? null;
  return {
    name: b.name,
    activeFrom: b.active_from ?? null,
    activeUntil: b.active_until ?? null,
    minutes: b.minutes ?? null,
    rules:
      rules?.map((r: any) => ({
        startHour: r.start_hour ?? null,
        endHour: r.end_hour ?? null,
        ...Object.fromEntries(WEEKDAYS.map((d) => [d, r[d] ?? null])),
      })) ?? null,
  };
}

const listQuery = legacyPageQuery.extend({ name: z.string().optional() });
const BASE = '/neighborhoods/{n}/settings/revision-points';

export const revisionPointRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: BASE,
    query: listQuery,
    operation: `query($first: Int!, $offset: Int!, $filter: RevisionPointFilter) {
      revisionPoints(first: $first, offset: $offset, filter: $filter) { totalCount edges { node { ${SELECTION} } } }
    }`,
    variables: ({ query }) => ({ first: query.page_size, offset: query.offset, filter: { name: query.name ?? null } }),
    result: (data) => ({ total: data.revisionPoints.totalCount, content: data.revisionPoints.edges.map((e: any) => legacyPoint(e.node)) }),
  },
  {
    // Decision (notes, revision points): the list PUT creates the entries without id and updates the ones with
    // id, all or nothing; points not listed stay (DELETE removes one).
    method: 'PUT',
    path: BASE,
    body: listBody,
    operation: `mutation($input: SaveRevisionPointsInput!) { saveRevisionPoints(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationSaveRevisionPointsSuccess { data { revisionPoints { ${SELECTION} } } } } }`,
    variables: ({ body: points }) => ({
      input: {
        points: points.map((p: z.infer<typeof entry>) => ({
          id: p.id === null || p.id === undefined ? null : globalId('RevisionPoint', String(p.id)),
          revisionPoint: toInput(p),
        })),
      },
    }),
    result: (data) => {
      const saved = unwrapResult<any>(data.saveRevisionPoints).revisionPoints;
      return { total: saved.length, content: saved.map(legacyPoint) };
    },
  },
  {
    method: 'POST',
    path: BASE,
    body,
    operation: `mutation($input: CreateRevisionPointInput!) { createRevisionPoint(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationCreateRevisionPointSuccess { data { revisionPoint { ${SELECTION} } } } } }`,
    variables: ({ body: b }) => ({ input: { revisionPoint: toInput(b) } }),
    result: (data) => legacyPoint(unwrapResult<any>(data.createRevisionPoint).revisionPoint),
    status: 201,
  },
  {
    method: 'GET',
    path: `${BASE}/{id}`,
    operation: `query($id: ID!) { node(id: $id) { ... on RevisionPoint { ${SELECTION} } } }`,
    variables: ({ params }) => ({ id: globalId('RevisionPoint', params.id) }),
    result: (data) => {
      if (!data.node) throw new RestError(404, 404, 'El punto de revisión no existe');
      return legacyPoint(data.node);
    },
  },
  {
    method: 'PUT',
    path: `${BASE}/{id}`,
    body,
    operation: `mutation($input: UpdateRevisionPointInput!) { updateRevisionPoint(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationUpdateRevisionPointSuccess { data { revisionPoint { ${SELECTION} } } } } }`,
    variables: ({ params, body: b }) => ({ input: { id: globalId('RevisionPoint', params.id), revisionPoint: toInput(b) } }),
    result: (data) => legacyPoint(unwrapResult<any>(data.updateRevisionPoint).revisionPoint),
  },
  {
    method: 'DELETE',
    path: `${BASE}/{id}`,
    operation: `mutation($input: DeleteRevisionPointInput!) { deleteRevisionPoint(input: $input) { ${RESULT_ERROR_FIELDS}
      ... on MutationDeleteRevisionPointSuccess { data { deletedId } } } }`,
    variables: ({ params }) => ({ input: { id: globalId('RevisionPoint', params.id) } }),
    result: (data) => {
      unwrapResult(data.deleteRevisionPoint);
      return { content: true };
    },
  },
];
