// Operations generated from the printed schema (schema.graphql as `npm run schema:print` writes it, with its
// @grant directives): one minimal, valid-shaped operation per Query and Mutation root field, so a new
// field is covered by the role matrix and the bad-input tests without anyone writing its case.
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  isAbstractType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  print,
  type ConstDirectiveNode,
} from 'graphql';
import { printSchemaFile, schema as runtimeSchema } from '../../server/graphql/schema.js';

export type RootKind = 'query' | 'mutation';

/**
 * How a root field is guarded:
 * - grant: printed @grant(any: G); only sessions holding one of G get past it;
 * - signedIn: no @grant, but the field needs a session (scope-auth `signedIn`);
 * - public: used by signed-out visitors (PUBLIC_ROOT_FIELDS of server/app.ts);
 * - open: no scope at all and not in the public list (answers a visitor without refusing, e.g. null).
 */
export type Access = 'grant' | 'signedIn' | 'public' | 'open';

export interface RootField {
  kind: RootKind;
  name: string;
  grants: string[] | null;
  access: Access;
  field: GraphQLField<unknown, unknown>;
  /** The scope-auth options of the running schema (to check the printed directive says the same). */
  runtimeScopes: Record<string, unknown> | null;
}

/** The printed schema, parsed with graphql-js (the same text schema.graphql holds when it is fresh). */
export const printedSchema: GraphQLSchema = buildSchema(printSchemaFile());

/** PUBLIC_ROOT_FIELDS of server/app.ts (not exported there), read from its source. */
export function publicRootFields(): string[] {
  const source = readFileSync(new URL('../../server/app.ts', import.meta.url), 'utf8');
  const match = /PUBLIC_ROOT_FIELDS\s*=\s*\[([^\]]*)\]/.exec(source);
  if (!match) throw new Error('PUBLIC_ROOT_FIELDS not found in server/app.ts');
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

function grantOf(directives: readonly ConstDirectiveNode[] | undefined): string[] | null {
  const grant = directives?.find((d) => d.name.value === 'grant');
  if (!grant) return null;
  const arg = grant.arguments?.find((a) => a.name.value === 'any');
  if (arg?.value.kind !== 'ListValue') throw new Error(`@grant without any: ${print(grant)}`);
  return arg.value.values.map((v) => (v.kind === 'StringValue' ? v.value : print(v)));
}

export function rootFields(): RootField[] {
  const publicNames = new Set(publicRootFields());
  const out: RootField[] = [];
  for (const kind of ['query', 'mutation'] as const) {
    const type = kind === 'query' ? printedSchema.getQueryType() : printedSchema.getMutationType();
    const runtimeType = kind === 'query' ? runtimeSchema.getQueryType() : runtimeSchema.getMutationType();
    if (!type || !runtimeType) continue;
    for (const field of Object.values(type.getFields())) {
      const grants = grantOf(field.astNode?.directives);
      const runtimeScopes = ((runtimeType.getFields()[field.name]?.extensions as any)?.pothosOptions?.authScopes ?? null) as Record<string, unknown> | null;
      const access: Access = grants ? 'grant' : publicNames.has(field.name) ? 'public' : runtimeScopes?.signedIn ? 'signedIn' : 'open';
      out.push({ kind, name: field.name, grants, access, field, runtimeScopes });
    }
  }
  return out;
}

/** Relay global id, as Pothos encodes it. */
export const globalId = (type: string, id: string | number) => Buffer.from(`${type}:${id}`).toString('base64');

/** Node types of the schema, longest name first (so HouseType wins over House). */
const NODE_TYPES = Object.values(printedSchema.getTypeMap())
  .filter((t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'))
  .map((t) => t.name)
  .sort((a, b) => b.length - a.length);

/**
 * The node type an ID argument or input field names: the running schema's `for` option when it has one,
 * else the name (`houseTypeId` → HouseType, `roleId` → CommunityRole) or, for a bare `id`, the input
 * type's name (DeleteAdministrationUserInput.id → AdministrationUser).
 */
export function idTypeOf(owner: string | null, name: string): string | null {
  const runtimeFor = runtimeIdFor(owner, name);
  if (runtimeFor) return runtimeFor;
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  if (name !== 'id' && name !== 'ids' && /Ids?$/.test(name)) {
    const stem = cap(name.replace(/Ids?$/, ''));
    return NODE_TYPES.find((t) => t === stem) ?? NODE_TYPES.find((t) => t.endsWith(stem)) ?? (stem === 'Device' || stem === 'Account' ? stem : null);
  }
  if (owner) return NODE_TYPES.find((t) => owner.includes(t)) ?? null;
  return null;
}

function runtimeIdFor(owner: string | null, name: string): string | null {
  let ext: any;
  if (owner?.includes('.')) {
    const [typeName, fieldName] = owner.split('.');
    const field = (runtimeSchema.getType(typeName) as any)?.getFields?.()[fieldName];
    ext = field?.args?.find((a: GraphQLArgument) => a.name === name)?.extensions;
  } else if (owner) {
    ext = (runtimeSchema.getType(owner) as any)?.getFields?.()[name]?.extensions;
  }
  const wanted = ext?.relayGlobalIDFor as { typename: string }[] | null | undefined;
  return wanted?.length ? wanted[0].typename : null;
}

/** How each leaf gets its value; `id` receives the node type the ID names (or null when unknown). */
export interface ValueSource {
  id: (type: string | null, path: string) => string;
  string: (path: string, fieldName: string) => string;
  int?: (path: string) => number;
  date?: (path: string) => string;
}

export const FILE = Symbol('file');

export function valueFor(type: GraphQLInputType, source: ValueSource, owner: string | null, name: string, path: string): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [valueFor(inner.ofType, source, owner, name, `${path}[0]`)];
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields())) {
      if (isRequired(f)) value[f.name] = valueFor(f.type, source, inner.name, f.name, `${path}.${f.name}`);
    }
    return value;
  }
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'ID':
        return source.id(idTypeOf(owner, name), path);
      case 'String':
        return source.string(path, name);
      case 'Int':
        return source.int?.(path) ?? 1;
      case 'Float':
        return 1;
      case 'Boolean':
        return false;
      case 'Date':
        return source.date?.(path) ?? '2026-01-15';
      case 'DateTime':
        return '2026-01-15T12:00:00.000Z';
      case 'Decimal':
        return '1.00';
      case 'File':
        return FILE;
      default:
        return 'x';
    }
  }
  throw new Error(`no value for ${String(type)}`);
}

export function isRequired(f: GraphQLArgument | GraphQLInputField): boolean {
  return isNonNullType(f.type) && f.defaultValue === undefined;
}

function selectionFor(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isAbstractType(named)) {
    const errors = printedSchema.getPossibleTypes(named).some((t) => t.getInterfaces().some((i) => i.name === 'Error'));
    return errors ? ' { __typename ... on Error { code message } }' : ' { __typename }';
  }
  return ' { __typename }';
}

export interface BuiltOperation {
  query: string;
  variables: Record<string, unknown>;
  /** Variable paths holding an upload (sent as a GraphQL multipart request). */
  files: string[];
}

/** The operation for a root field with its required arguments (plus `extra` optional ones) filled from `source`. */
export function buildOperation(root: RootField, source: ValueSource, extra: (arg: GraphQLArgument) => boolean = () => false): BuiltOperation {
  const owner = `${root.kind === 'query' ? 'Query' : 'Mutation'}.${root.name}`;
  const args = root.field.args.filter((a) => isRequired(a) || extra(a));
  const variables: Record<string, unknown> = {};
  for (const a of args) variables[a.name] = valueFor(a.type, source, owner, a.name, a.name);
  const files: string[] = [];
  collectFiles(variables, 'variables', files);
  const defs = args.length ? `(${args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})` : '';
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const opName = `${root.kind === 'query' ? 'Q' : 'M'}_${root.name}`;
  return { query: `${root.kind} ${opName}${defs} { ${root.name}${call}${selectionFor(root.field.type)} }`, variables, files };
}

function collectFiles(value: unknown, path: string, out: string[]) {
  if (value === FILE) out.push(path);
  else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) collectFiles(v, `${path}.${i}`, out);
  } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectFiles(v, `${path}.${k}`, out);
}

/** Scalars whose values travel as strings: the leaves bad input is put into. */
const STRING_SCALARS = ['String', 'ID', 'Date', 'DateTime', 'Decimal'] as const;

/** Every String / ID / Date / DateTime / Decimal leaf an operation can take (required or not), as paths into the variables: for bad input. */
export interface StringLeaf {
  /** Argument name at the root. */
  arg: string;
  /** Path inside the argument (input fields), empty for the argument itself. */
  path: string[];
  scalar: (typeof STRING_SCALARS)[number];
  name: string;
}

export function stringLeaves(root: RootField): StringLeaf[] {
  const out: StringLeaf[] = [];
  const visit = (type: GraphQLInputType, arg: string, path: string[], name: string, seen: Set<string>) => {
    const named = getNamedType(type);
    if (isInputObjectType(named)) {
      if (seen.has(named.name)) return;
      const next = new Set(seen).add(named.name);
      for (const f of Object.values(named.getFields())) visit(f.type, arg, [...path, f.name], f.name, next);
    } else if (isScalarType(named) && (STRING_SCALARS as readonly string[]).includes(named.name)) {
      out.push({ arg, path, scalar: named.name as StringLeaf['scalar'], name });
    }
  };
  for (const a of root.field.args) visit(a.type, a.name, [], a.name, new Set());
  return out;
}
