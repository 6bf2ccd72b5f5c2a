// Spells one GraphQL operation the other ways a client may write it: renamed variables, variables inlined as
// literals, every field aliased, every selection set behind fragments. The answers must not change
// (tests/spelling.test.ts); `unalias` maps an aliased answer back to the canonical keys.
import {
  astFromValue,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  parse,
  print,
  type SelectionSetNode,
  typeFromAST,
  type GraphQLInputType,
  type ValueNode,
  visit,
} from 'graphql';

export type Spelling = 'renamedVariables' | 'inlineLiterals' | 'aliases' | 'fragments';
export const SPELLINGS: Spelling[] = ['renamedVariables', 'inlineLiterals', 'aliases', 'fragments'];

const ALIAS_PREFIX = 'x_';
/** Below the server's alias limit (QUERY_LIMITS.maxAliases), counting the aliases the operation already has. */
const MAX_ALIASES = 8;

export function respell(
  schema: GraphQLSchema,
  source: string,
  variables: Record<string, unknown>,
  spelling: Spelling,
): { query: string; variables: Record<string, unknown> } {
  const document = parse(source);
  switch (spelling) {
    case 'renamedVariables': {
      // biome-ignore lint/correctness/noComponentHookFactories: a graphql-js visitor's keys are node kinds, not components
      const renamed = visit(document, { Variable: (node) => ({ ...node, name: { ...node.name, value: `renamed_${node.name.value}` } }) });
      return { query: print(renamed), variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [`renamed_${k}`, v])) };
    }
    case 'inlineLiterals':
      return { query: print(inlineVariables(schema, document, variables)), variables: {} };
    case 'aliases': {
      // The first fields in document order (the root field first), within the server's alias limit.
      let aliases = 0;
      const aliased = visit(document, {
        // biome-ignore lint/correctness/noComponentHookFactories: a graphql-js visitor's keys are node kinds, not components
        Field: (node) =>
          aliases++ < MAX_ALIASES ? { ...node, alias: { kind: Kind.NAME, value: `${ALIAS_PREFIX}${node.alias?.value ?? node.name.value}` } } : undefined,
      });
      return { query: print(aliased), variables };
    }
    case 'fragments':
      return { query: print(behindFragments(document)), variables };
  }
}

/** An aliased answer with the canonical keys again. */
export function unalias(value: unknown, key?: string): unknown {
  const strip = (k: string) => (k.startsWith(ALIAS_PREFIX) ? k.slice(ALIAS_PREFIX.length) : k);
  // An error's path names the fields by their response keys.
  if (key === 'path' && Array.isArray(value)) return value.map((p) => (typeof p === 'string' ? strip(p) : p));
  if (Array.isArray(value)) return value.map((v) => unalias(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [strip(k), unalias(v, k)]));
  }
  return value;
}

function inlineVariables(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>): DocumentNode {
  const operation = getOperationAST(document);
  if (!operation) throw new Error('No operation');
  const literals = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
    if (!type) throw new Error(`Unknown type of $${name}`);
    const value = name in variables ? variables[name] : undefined;
    const literal = value === undefined ? definition.defaultValue : astFromValue(value, type);
    literals.set(name, literal ?? { kind: Kind.NULL });
  }
  return visit(document, {
    // biome-ignore lint/correctness/noComponentHookFactories: a graphql-js visitor's keys are node kinds, not components
    OperationDefinition: (node) => ({ ...node, variableDefinitions: [] }),
    // biome-ignore lint/correctness/noComponentHookFactories: a graphql-js visitor's keys are node kinds, not components
    Variable: (node) => literals.get(node.name.value),
  });
}

/** The operation's selection behind a named fragment, and every nested selection set behind an inline fragment. */
function behindFragments(document: DocumentNode): DocumentNode {
  const operation = getOperationAST(document);
  if (!operation) throw new Error('No operation');
  const rootType = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' }[operation.operation];
  const wrapInline = (set: SelectionSetNode): SelectionSetNode => ({
    kind: Kind.SELECTION_SET,
    selections: [{ kind: Kind.INLINE_FRAGMENT, selectionSet: set }],
  });
  const nested = visit(operation.selectionSet, {
    Field: {
      leave: (node: FieldNode) => (node.selectionSet ? { ...node, selectionSet: wrapInline(node.selectionSet) } : undefined),
    },
  });
  const fragment: FragmentDefinitionNode = {
    kind: Kind.FRAGMENT_DEFINITION,
    name: { kind: Kind.NAME, value: 'RespelledRoot' },
    typeCondition: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: rootType } },
    selectionSet: nested,
  };
  return {
    ...document,
    definitions: [
      ...document.definitions.map((definition) =>
        definition === operation
          ? {
              ...operation,
              selectionSet: {
                kind: Kind.SELECTION_SET,
                selections: [{ kind: Kind.FRAGMENT_SPREAD, name: { kind: Kind.NAME, value: 'RespelledRoot' } }],
              },
            }
          : definition,
      ),
      fragment,
    ],
  } as DocumentNode;
}
