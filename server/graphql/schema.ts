import { GraphQLDirective, GraphQLList, GraphQLNonNull, GraphQLString, DirectiveLocation, lexicographicSortSchema, specifiedDirectives } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { builder } from './builder.js';
import './errorTypes.js';
import { modules } from '../modules.js';
import { declareHouseScopes } from '../auth/houseScope.js';

const grantDirective = new GraphQLDirective({
  name: 'grant',
  description: 'The field needs any one of these grants in the current account (after module gating).',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.OBJECT],
  args: { any: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) } },
});

for (const m of modules) declareHouseScopes(m.houseScope ?? {});

// Passing directives replaces graphql's own: keep @include, @skip, @deprecated and @specifiedBy.
export const schema = builder.toSchema({ directives: [...specifiedDirectives, grantDirective], sortSchema: true });

/** schema.graphql as committed: the schema with its @grant directives, sorted for stable diffs. */
export function printSchemaFile(): string {
  return `${printSchemaWithDirectives(lexicographicSortSchema(schema))}\n`;
}
