// Who may call a legacy route at all, read from the @grant directives of its operation's root fields. The
// handler asks it before answering a validation error, so a caller without a session or without the grant
// hears 401 or 403 (as GraphQL would answer), never which fields a body it may not send is missing.
import { Kind, parse, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { tokenFromHeaders } from '../auth/cookies.js';
import type { Viewer } from '../auth/viewer.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../kernel/errors.js';
import { legacyError } from './router.js';

type GrantDirective = { grant?: { any?: readonly string[] } };

/** The grants each root field of an operation asks for (any one of each list), or null when one of them is open to everybody. */
export function rootFieldGrants(schema: GraphQLSchema, operation: string): string[][] | null {
  const definition = parse(operation).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!definition) return null;
  const root = definition.operation === 'mutation' ? schema.getMutationType() : definition.operation === 'query' ? schema.getQueryType() : null;
  if (!root) return null;
  const fields = root.getFields();
  const wanted: string[][] = [];
  for (const selection of definition.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    const any = (fields[selection.name.value]?.extensions?.directives as GrantDirective | undefined)?.grant?.any;
    if (!any?.length) return null;
    wanted.push([...any]);
  }
  return wanted.length ? wanted : null;
}

/** The refusal (401, 403, or 404 for another community in the path) of a caller the route's grants keep out, or null. */
export function createRouteAccess(schema: GraphQLSchema, viewerForToken: (token: string) => Promise<Viewer | null>) {
  const grantsOf = new Map<string, string[][] | null>();
  return async (request: Request, operation: string, community: string | undefined): Promise<Response | null> => {
    let wanted = grantsOf.get(operation);
    if (wanted === undefined) {
      wanted = rootFieldGrants(schema, operation);
      grantsOf.set(operation, wanted);
    }
    if (!wanted) return null;
    const { token } = tokenFromHeaders(request.headers);
    const viewer = token ? await viewerForToken(token) : null;
    const refuse = (error: UnauthenticatedError | ForbiddenError | NotFoundError) => legacyError(error.status, error.code, error.message);
    if (!viewer) return refuse(new UnauthenticatedError());
    if (community !== undefined && String(viewer.neighborhoodId) !== community) return refuse(new NotFoundError('COMMUNITY_NOT_FOUND'));
    if (wanted.some((any) => !any.some((g) => viewer.grants.has(g)))) return refuse(new ForbiddenError());
    return null;
  };
}
