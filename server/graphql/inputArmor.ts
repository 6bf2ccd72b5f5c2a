// Input armor for /graphql (issue 8 item 7): bad input gets a clear 400 with a Spanish message before
// anything runs, never a 500 and never a stall. Every request: GET `variables` must be a JSON object;
// variables carry no NUL bytes or lone surrogates, no string over 10,000 characters, no nesting deeper
// than 10 levels, no list over 1,000 items; string literals of the document obey the same rules; filter
// and search strings are at most 200 characters (a long "contains" filter is a slow query for everyone);
// nodes(ids) takes at most 100 ids. The document part is computed once per parsed document (Yoga caches
// them), so a repeated query pays only for its variables.
import { GraphQLError, Kind, type DocumentNode, type ValueNode, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Reason } from '../kernel/reasons.js';
import { Response } from '../http/response.js';

export const INPUT_LIMITS = {
  /** Characters of any string value (files excluded). */
  maxString: 10_000,
  /** Characters of each filter or search string. */
  maxFilterString: 200,
  /** Levels of objects and lists inside the variables. */
  maxDepth: 10,
  /** Items of any list in the variables. */
  maxListItems: 1_000,
  /** Ids of one nodes(ids) call. */
  maxNodes: 100,
};

/** Arguments that filter or search lists: their strings become LIKE patterns. */
const FILTER_ARGUMENTS = new Set(['filter', 'search', 'phrase', 'query', 'q', 'where']);

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL bytes or lone UTF-16 surrogates: nothing valid carries them and PostgreSQL refuses NUL with a 500. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

export function badInput(message: string, status = 400): GraphQLError {
  const [code, reason]: [string, Reason] = status === 413 ? ['PAYLOAD_TOO_LARGE', 'REQUEST_TOO_LARGE'] : ['BAD_USER_INPUT', 'INVALID_INPUT'];
  return new GraphQLError(message, { extensions: { code, reason, legacyCode: status, http: { status } } });
}

const fmt = (n: number) => n.toLocaleString('en-US');
const label = (path: string) => (path ? `El campo ${path}` : 'Un valor de la solicitud');

function checkString(value: string, path: string, max = INPUT_LIMITS.maxString, filter = false): GraphQLError | null {
  if (hasForbiddenCharacters(value)) return badInput(`${label(path)} contiene caracteres no permitidos`);
  if (value.length > max) {
    return badInput(
      filter ? `Cada filtro debe tener como máximo ${fmt(max)} caracteres (${path})` : `${label(path)} debe tener como máximo ${fmt(max)} caracteres`,
    );
  }
  return null;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

const tooDeep = () => `Los datos de la solicitud están anidados demasiado profundo (máximo ${INPUT_LIMITS.maxDepth} niveles)`;

/**
 * Whether a parsed JSON value nests objects and lists deeper than INPUT_LIMITS.maxDepth: the refusal's
 * message, or null. Walks without recursion, so a list nested 100,000 deep is measured, not a stack overflow.
 * REST bodies pass through it before zod or JSON.stringify walk them recursively.
 */
export function nestingProblem(value: unknown): string | null {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= INPUT_LIMITS.maxDepth) return tooDeep();
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
    }
  }
  return null;
}

/** The first problem of a variables value (JSON, or File objects of a multipart request), or null. */
export function checkValue(value: unknown, path: string, depth = 0, maxString = INPUT_LIMITS.maxString, filter = false): GraphQLError | null {
  if (typeof value === 'string') return checkString(value, path, maxString, filter);
  if (value === null || typeof value !== 'object') return null;
  if (depth >= INPUT_LIMITS.maxDepth) return badInput(tooDeep());
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.maxListItems) return badInput(`Las listas deben tener como máximo ${fmt(INPUT_LIMITS.maxListItems)} elementos (${path})`);
    for (let i = 0; i < value.length; i++) {
      const error = checkValue(value[i], `${path}.${i}`, depth + 1, maxString, filter);
      if (error) return error;
    }
    return null;
  }
  // Files (multipart uploads) are checked by their own rules.
  if (!isPlainObject(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const error = hasForbiddenCharacters(key)
      ? badInput('Un nombre de campo contiene caracteres no permitidos')
      : checkValue(item, path ? `${path}.${key}` : key, depth + 1, maxString, filter);
    if (error) return error;
  }
  return null;
}

interface DocumentFacts {
  /** A problem of the document itself (a literal). */
  error: GraphQLError | null;
  /** Variables used as filter/search arguments (or typed as *Filter): their strings obey the filter limit. */
  filterVariables: Set<string>;
  /** Variables passed as nodes(ids). */
  nodesVariables: Set<string>;
}

const facts = new WeakMap<DocumentNode, DocumentFacts>();

function variablesIn(value: ValueNode, into: Set<string>) {
  if (value.kind === Kind.VARIABLE) into.add(value.name.value);
  else if (value.kind === Kind.LIST) for (const v of value.values) variablesIn(v, into);
  else if (value.kind === Kind.OBJECT) for (const f of value.fields) variablesIn(f.value, into);
}

function literalError(value: ValueNode, path: string, filter: boolean): GraphQLError | null {
  if (value.kind === Kind.STRING) return checkString(value.value, path, filter ? INPUT_LIMITS.maxFilterString : INPUT_LIMITS.maxString, filter);
  if (value.kind === Kind.LIST) {
    if (value.values.length > INPUT_LIMITS.maxListItems)
      return badInput(`Las listas deben tener como máximo ${fmt(INPUT_LIMITS.maxListItems)} elementos (${path})`);
    for (const [i, v] of value.values.entries()) {
      const error = literalError(v, `${path}.${i}`, filter);
      if (error) return error;
    }
  } else if (value.kind === Kind.OBJECT) {
    for (const f of value.fields) {
      const error = literalError(f.value, `${path}.${f.name.value}`, filter);
      if (error) return error;
    }
  }
  return null;
}

function documentFacts(document: DocumentNode): DocumentFacts {
  const known = facts.get(document);
  if (known) return known;
  const result: DocumentFacts = { error: null, filterVariables: new Set(), nodesVariables: new Set() };
  visit(document, {
    VariableDefinition(node) {
      let type = node.type;
      while (type.kind !== Kind.NAMED_TYPE) type = type.type;
      if (/Filter$/.test(type.name.value)) result.filterVariables.add(node.variable.name.value);
    },
    Field(node) {
      for (const argument of node.arguments ?? []) {
        const filter = FILTER_ARGUMENTS.has(argument.name.value);
        if (filter) variablesIn(argument.value, result.filterVariables);
        if (node.name.value === 'nodes' && argument.name.value === 'ids') {
          variablesIn(argument.value, result.nodesVariables);
          if (argument.value.kind === Kind.LIST && argument.value.values.length > INPUT_LIMITS.maxNodes) result.error ??= tooManyNodes();
        }
        result.error ??= literalError(argument.value, argument.name.value, filter);
      }
    },
    // Defaults of variables and directive arguments are literals too.
    StringValue(node) {
      if (hasForbiddenCharacters(node.value)) result.error ??= badInput('La consulta contiene caracteres no permitidos');
    },
  });
  facts.set(document, result);
  return result;
}

const tooManyNodes = () => badInput(`Se pueden consultar como máximo ${INPUT_LIMITS.maxNodes} nodos a la vez`);

/** The first problem of one operation with its variables, or null. */
function checkOperation(document: DocumentNode, variables: Record<string, unknown> | null | undefined): GraphQLError | null {
  const known = documentFacts(document);
  if (known.error) return known.error;
  if (!variables) return null;
  for (const name of known.filterVariables) {
    const error = checkValue(variables[name], name, 0, INPUT_LIMITS.maxFilterString, true);
    if (error) return error;
  }
  for (const name of known.nodesVariables) {
    const ids = variables[name];
    if (Array.isArray(ids) && ids.length > INPUT_LIMITS.maxNodes) return tooManyNodes();
  }
  return null;
}

function isJsonObject(text: string): boolean {
  try {
    const value = JSON.parse(text);
    return value === null || (typeof value === 'object' && !Array.isArray(value));
  } catch {
    return false;
  }
}

function refusal(error: GraphQLError): Response {
  const status = (error.extensions.http as { status: number }).status;
  return Response.json(
    {
      errors: [
        { message: error.message, extensions: { code: error.extensions.code, reason: error.extensions.reason, legacyCode: error.extensions.legacyCode } },
      ],
    },
    { status },
  );
}

export function useInputArmor(): Plugin {
  return {
    onRequestParse({ request, url, endResponse }) {
      // Yoga's GET parser JSON.parses these without a guard (a 500); anything but a JSON object is a 400.
      if (request.method !== 'GET') return;
      for (const name of ['variables', 'extensions']) {
        const text = url.searchParams.get(name);
        if (text && !isJsonObject(text)) {
          endResponse(refusal(badInput(`El parámetro ${name} debe ser un objeto JSON válido`)));
          return;
        }
      }
    },
    onParams({ params }) {
      if (typeof params.query === 'string' && hasForbiddenCharacters(params.query)) throw badInput('La consulta contiene caracteres no permitidos');
      if (typeof params.operationName === 'string') {
        const error = checkString(params.operationName, 'operationName', 200);
        if (error) throw error;
      }
      const variables = params.variables as unknown;
      if (variables !== undefined && variables !== null) {
        if (typeof variables !== 'object' || Array.isArray(variables)) throw badInput('Las variables deben ser un objeto JSON');
        const error = checkValue(variables, '');
        if (error) throw error;
      }
    },
    onExecute({ args, setResultAndStopExecution }) {
      const error = checkOperation(args.document, args.variableValues as Record<string, unknown> | undefined);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = checkOperation(args.document, args.variableValues as Record<string, unknown> | undefined);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
