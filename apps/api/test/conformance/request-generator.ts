import fc from 'fast-check';
import {
  essence,
  isJsonMedia,
  parametersIn,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiParameter,
  type Operation,
} from './openapi-document';
import { schemaArbitrary, type PropertyOverrides } from './schema-arbitrary';

/**
 * Requests made from an operation of the OpenAPI document: valid ones (every parameter and body
 * drawn from its schema, with known rows mixed in so a request can find something), and invalid
 * ones derived from a valid one by breaking one thing at a time.
 */

/** A request before it is written as HTTP: what the checks reason about and mutate. */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string>;
  /** A JSON value, or the bytes of a binary body; absent when the operation takes no body. */
  body?: unknown;
  /** Sent with an admin session's token. */
  admin: boolean;
}

/** A request as sent: method, path with its query, headers and body bytes. */
export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  admin: boolean;
}

/**
 * Values that name rows that exist (ids, slugs, codes, cursors, the admin password), keyed
 * `path:name`, `query:name` or `body:name`. Without them nearly every id drawn would name nothing,
 * and the success answers would never be checked.
 */
export interface Hints {
  values: Record<string, readonly unknown[]>;
  /** Keys whose values come only from `values` (opaque tokens such as cursors: nothing else is one). */
  only?: ReadonlySet<string>;
  /** Makes values that must agree agree: a list's cursor is good only for the sort it was made for. */
  align?: (parts: RequestParts) => RequestParts;
}

const hinted = (hints: Hints, key: string, own: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => {
  const known = hints.values[key] ?? [];
  if (hints.only?.has(key)) return known.length > 0 ? fc.constantFrom(...known) : own;
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), own) : own;
};

const parameterSchema = (parameter: OpenApiParameter): JsonSchema => parameter.schema ?? { type: 'string' };

/** The body's media type: the first the operation declares. */
export function bodyMediaType(operation: Operation): string | undefined {
  return Object.keys(operation.requestBody?.content ?? {})[0];
}

function parameterRecord(
  document: OpenApiDocument,
  parameters: OpenApiParameter[],
  where: 'path' | 'query',
  hints: Hints,
): fc.Arbitrary<Record<string, string>> {
  // An opaque token with no known value is left out: there is nothing valid to send.
  const sendable = parameters.filter(
    (parameter) =>
      !hints.only?.has(`${where}:${parameter.name}`) || (hints.values[`${where}:${parameter.name}`] ?? []).length > 0,
  );
  const fields = Object.fromEntries(
    sendable.map((parameter) => {
      const key = `${where}:${parameter.name}`;
      const own = schemaArbitrary(document, parameterSchema(parameter));
      const value = hinted(hints, key, own).map(String);
      // A path segment is never empty, '.' or '..': those address another path, not this one.
      return [parameter.name, where === 'path' ? value.filter((text) => !['', '.', '..'].includes(text)) : value];
    }),
  );
  const required = sendable
    .filter((parameter) => where === 'path' || parameter.required)
    .map((parameter) => parameter.name);
  return fc.record(fields, { requiredKeys: required });
}

/**
 * The body schema of `operation` as `admin` may send it. Where the body is a choice of forms, each
 * naming who sends it (`x-auth`), a caller without the admin's token has only the public ones.
 */
function bodySchemaFor(document: OpenApiDocument, operation: Operation, admin: boolean): JsonSchema {
  const mediaType = bodyMediaType(operation);
  const schema = (mediaType === undefined ? undefined : operation.requestBody!.content[mediaType]!.schema) ?? true;
  const resolved = resolveSchema(document, schema);
  if (admin || typeof resolved !== 'object' || !Array.isArray(resolved.anyOf)) return schema;
  const forms = resolved.anyOf as JsonSchema[];
  const open = forms.filter((form) => {
    const found = resolveSchema(document, form);
    return typeof found !== 'object' || found['x-auth'] !== 'admin';
  });
  return open.length === forms.length ? schema : { ...resolved, anyOf: open };
}

function bodyArbitrary(
  document: OpenApiDocument,
  operation: Operation,
  hints: Hints,
  admin: boolean,
): fc.Arbitrary<unknown> {
  const mediaType = bodyMediaType(operation);
  if (mediaType === undefined) return fc.constant(undefined);
  if (!isJsonMedia(mediaType)) return fc.uint8Array({ maxLength: 4096 });
  const schema = bodySchemaFor(document, operation, admin);
  const overrides: PropertyOverrides = {};
  for (const [key, values] of Object.entries(hints.values)) {
    if (key.startsWith('body:') && values.length > 0) overrides[key.slice(5)] = fc.constantFrom(...values);
  }
  return schemaArbitrary(document, schema, overrides);
}

/** Valid requests for `operation`: each part drawn from its schema, with hinted values mixed in. */
export function validRequests(
  document: OpenApiDocument,
  operation: Operation,
  hints: Hints,
): fc.Arbitrary<RequestParts> {
  const auth = operation['x-auth'];
  const admin = auth === 'admin' ? fc.constant(true) : auth === 'admin-optional' ? fc.boolean() : fc.constant(false);
  // Who asks first: the body's forms depend on it.
  const parts = admin.chain((asAdmin) =>
    fc.record({
      params: parameterRecord(document, parametersIn(operation, 'path'), 'path', hints),
      query: parameterRecord(document, parametersIn(operation, 'query'), 'query', hints),
      body: bodyArbitrary(document, operation, hints, asAdmin),
      admin: fc.constant(asAdmin),
    }),
  );
  return hints.align ? parts.map(hints.align) : parts;
}

/** Writes `parts` as HTTP: parameters encoded, the body serialized, Accept naming what success answers. */
export function toHttp(operation: Operation, parts: RequestParts): HttpRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(parts.params[name] ?? ''),
  );
  const query = new URLSearchParams(parts.query).toString();
  const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
  // Bare media types, as clients write them: a range with parameters (`; charset=utf-8`) matches
  // only a type offered with the same ones, and the server offers bare types.
  const accept = [...new Set(success.flatMap(([, response]) => Object.keys(response.content ?? {}).map(essence)))];
  const headers: Record<string, string> = accept.length > 0 ? { accept: accept.join(', ') } : {};
  const mediaType = bodyMediaType(operation);
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (mediaType !== undefined && parts.body !== undefined) {
    headers['content-type'] = mediaType;
    body = parts.body instanceof Uint8Array ? new Uint8Array(parts.body) : JSON.stringify(parts.body);
  }
  return {
    method: operation.method.toUpperCase(),
    url: query ? `${path}?${query}` : path,
    headers,
    body,
    admin: parts.admin,
  };
}

// ---------------------------------------------------------------------------
// Invalid requests

/**
 * How a request is broken. Most break a rule the document states, and are kept only when the
 * document agrees the result is invalid; `unknown-property` and `nul` break rules of the product
 * (bodies are strict, text never holds U+0000) that every operation must honour whatever its schema.
 */
export type InvalidKind =
  | 'no-auth'
  | 'missing-required'
  | 'wrong-type'
  | 'body-type'
  | 'unknown-property'
  | 'too-long'
  | 'pattern'
  | 'enum'
  | 'nul';

export interface InvalidCase {
  kind: InvalidKind;
  /** What was broken: `body.title`, `query:limit`, `path:id`. */
  where: string;
  parts: RequestParts;
}

/** Answers whether `value` satisfies `schema` (the validator's ajv). */
export type SchemaCheck = (schema: JsonSchema, value: unknown) => boolean;

/** Values of every JSON type: the first one a schema refuses is the "wrong type". */
const WRONG_TYPES: readonly unknown[] = [12345, 'text', true, { nested: 1 }, ['item']];
/** Strings that break common patterns: punctuation, a space, an empty string. */
const PATTERN_BREAKERS = ['!', ' x', '', '0', '-1', 'a'];
export const UNKNOWN_PROPERTY = 'conformanceUnknownField';

type Schema = { [keyword: string]: unknown };

const withNul = (value: unknown): string =>
  typeof value === 'string' && value.length > 0 ? `${value.slice(0, -1)}\u0000` : 'a\u0000';

function asObject(document: OpenApiDocument, schema: JsonSchema): Schema | undefined {
  const resolved = resolveSchema(document, schema);
  if (typeof resolved !== 'object') return undefined;
  if (resolved.properties) return resolved;
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  return branches?.map((branch) => asObject(document, branch)).find((branch) => branch !== undefined);
}

/** Whether a string (and not only an enum's or a constant's) is allowed here. */
function takesText(document: OpenApiDocument, schema: JsonSchema): boolean {
  const resolved = resolveSchema(document, schema);
  if (typeof resolved !== 'object' || 'enum' in resolved || 'const' in resolved) return false;
  if (resolved.type === 'string' || (Array.isArray(resolved.type) && resolved.type.includes('string'))) return true;
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  return branches !== undefined && branches.some((branch) => takesText(document, branch));
}

const maxLengthOf = (document: OpenApiDocument, schema: JsonSchema): number | undefined => {
  const resolved = resolveSchema(document, schema);
  return typeof resolved === 'object' && typeof resolved.maxLength === 'number' ? resolved.maxLength : undefined;
};

/** One invalid case per kind and place, derived from the valid request `base`. */
export function invalidRequests(
  document: OpenApiDocument,
  operation: Operation,
  base: RequestParts,
  isValid: SchemaCheck,
): InvalidCase[] {
  const cases: InvalidCase[] = [];
  const add = (kind: InvalidKind, where: string, change: (parts: RequestParts) => void) => {
    const parts = structuredClone(base);
    change(parts);
    cases.push({ kind, where, parts });
  };
  if (operation['x-auth'] === 'admin') add('no-auth', 'Authorization', (parts) => (parts.admin = false));
  // The admin's form sent without the admin's token: the public forms do not take it.
  const mediaType = bodyMediaType(operation);
  if (
    operation['x-auth'] === 'admin-optional' &&
    base.admin &&
    base.body !== undefined &&
    !isValid(bodySchemaFor(document, operation, false), base.body)
  ) {
    add('no-auth', 'Authorization (a form only the admin sends)', (parts) => (parts.admin = false));
  }
  for (const where of ['path', 'query'] as const) {
    for (const [kind, parameter, value] of parameterBreaks(document, parametersIn(operation, where), isValid)) {
      const record = (parts: RequestParts) => (where === 'path' ? parts.params : parts.query);
      add(kind, `${where}:${parameter.name}`, (parts) => {
        if (value === undefined) delete record(parts)[parameter.name];
        else record(parts)[parameter.name] = value;
      });
    }
  }
  if (mediaType !== undefined && isJsonMedia(mediaType)) {
    cases.push(...bodyBreaks(document, bodySchemaFor(document, operation, base.admin), base, isValid));
  }
  return cases;
}

function parameterBreaks(
  document: OpenApiDocument,
  parameters: OpenApiParameter[],
  isValid: SchemaCheck,
): [InvalidKind, OpenApiParameter, string | undefined][] {
  const breaks: [InvalidKind, OpenApiParameter, string | undefined][] = [];
  const first = (kind: InvalidKind, pick: (parameter: OpenApiParameter, schema: Schema) => string | undefined) => {
    for (const parameter of parameters) {
      const schema = resolveSchema(document, parameterSchema(parameter));
      if (typeof schema !== 'object') continue;
      const value = pick(parameter, schema);
      if (value !== undefined && !isValid(schema, value) && !isValid(schema, Number(value))) {
        breaks.push([kind, parameter, value]);
        return;
      }
    }
  };
  const required = parameters.find((parameter) => parameter.required && parameter.in === 'query');
  if (required) breaks.push(['missing-required', required, undefined]);
  first('enum', (_parameter, schema) => (Array.isArray(schema.enum) ? 'not-a-choice' : undefined));
  first('wrong-type', (_parameter, schema) =>
    schema.type === 'integer' || schema.type === 'number' ? 'abc' : undefined,
  );
  first('too-long', (_parameter, schema) =>
    typeof schema.maxLength === 'number' ? '1'.repeat(schema.maxLength + 1) : undefined,
  );
  for (const parameter of parameters) {
    const schema = parameterSchema(parameter);
    if (!takesText(document, schema)) continue;
    breaks.push(['nul', parameter, 'a\u0000b']);
    // Text the parameter's pattern or format refuses (a slug with punctuation, an address that is none).
    const refused = PATTERN_BREAKERS.find((text) => !isValid(schema, text) && !isValid(schema, Number(text)));
    if (refused !== undefined) breaks.push(['pattern', parameter, refused]);
  }
  return breaks;
}

function bodyBreaks(
  document: OpenApiDocument,
  schema: JsonSchema,
  base: RequestParts,
  isValid: SchemaCheck,
): InvalidCase[] {
  const cases: InvalidCase[] = [];
  const resolved = resolveSchema(document, schema);
  const wholeWrong = WRONG_TYPES.find((value) => !isValid(schema, value));
  if (wholeWrong !== undefined) cases.push({ kind: 'body-type', where: 'body', parts: { ...base, body: wholeWrong } });
  // A list of rows (the import) is broken in its first row; the rest of the list stays valid.
  const isList = typeof resolved === 'object' && resolved.type === 'array';
  const objectSchema = asObject(document, isList ? ((resolved as Schema).items as JsonSchema) : schema);
  if (!objectSchema) return cases;
  const properties = Object.entries((objectSchema.properties ?? {}) as Record<string, JsonSchema>);
  const required = (objectSchema.required ?? []) as string[];
  // A list drawn empty gets one row, so that there is a row to break.
  const firstRow = isList
    ? fc.sample(schemaArbitrary(document, (resolved as Schema).items as JsonSchema), { seed: 1, numRuns: 1 })[0]
    : undefined;
  const breakRow = (
    kind: InvalidKind,
    field: string,
    change: (row: Record<string, unknown>) => void,
    strict = true,
  ) => {
    const parts = structuredClone(base);
    if (isList && Array.isArray(parts.body) && parts.body.length === 0) parts.body.push(structuredClone(firstRow));
    const rows = isList ? (parts.body as unknown[]) : undefined;
    const row = (rows ? rows[0] : parts.body) as Record<string, unknown> | undefined;
    if (row === null || typeof row !== 'object') return;
    change(row);
    // Cases of the document's own rules are kept only when the document refuses the result.
    if (strict && isValid(schema, parts.body)) return;
    cases.push({ kind, where: isList ? `body[0].${field}` : `body.${field}`, parts });
  };
  if (required[0]) breakRow('missing-required', required[0], (row) => delete row[required[0]!]);
  for (const [name, property] of properties) {
    const wrong = WRONG_TYPES.find((value) => !isValid(property, value));
    if (wrong === undefined) continue;
    breakRow('wrong-type', name, (row) => (row[name] = wrong));
    break;
  }
  breakRow('unknown-property', UNKNOWN_PROPERTY, (row) => (row[UNKNOWN_PROPERTY] = 'surplus'), false);
  const long = properties.find(([, property]) => maxLengthOf(document, property) !== undefined);
  if (long) breakRow('too-long', long[0], (row) => (row[long[0]] = 'a'.repeat(maxLengthOf(document, long[1])! + 1)));
  for (const [name, property] of properties) {
    if (!takesText(document, property)) continue;
    breakRow('nul', name, (row) => (row[name] = withNul(row[name])), false);
    // Text the field's pattern or format refuses: a slug with punctuation, a URL that is none, a blank title.
    const refused = PATTERN_BREAKERS.find((text) => !isValid(property, text));
    if (refused !== undefined) breakRow('pattern', name, (row) => (row[name] = refused));
  }
  return cases;
}
