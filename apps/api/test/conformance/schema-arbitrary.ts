import fc from 'fast-check';
import { resolveSchema, type JsonSchema, type OpenApiDocument } from './openapi-document';

/**
 * A fast-check arbitrary of the values a JSON Schema (2020-12, as an OpenAPI 3.1 document writes
 * them) accepts. Values stay small (short strings and lists) so a request is cheap, with now and
 * then a string exactly as long as the schema allows, since limits are where servers and
 * documents most often disagree. A keyword this cannot honour throws: a generator that silently
 * made values outside the schema would report the server's refusals as the server's fault.
 */

type Schema = { [keyword: string]: unknown };

/** Replacements for some properties of the top-level object (or objects, under anyOf): rows that must exist. */
export type PropertyOverrides = Record<string, fc.Arbitrary<unknown>>;

/** Longest string and list made outside the boundary case, so requests stay small. */
const SHORT = 24;
const MAX_ITEMS = 4;
/** Strings made as a boundary case, at their schema's maxLength, when it is no longer than this. */
const BOUNDARY_MAX = 250_000;

/** Keywords that only describe: a schema of these alone takes any value. */
const DESCRIPTIVE = new Set([
  'description',
  'title',
  'examples',
  'example',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Keywords the generator satisfies by construction, and the descriptive ones. */
const HANDLED = new Set([
  ...DESCRIPTIVE,
  'type',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
  'allOf',
  // Not JSON Schema: where withAllOf gathers the patterns of a string's allOf members.
  'patterns',
  '$ref',
]);

const codePoints = (text: string) => [...text].length;

export function schemaArbitrary(
  document: OpenApiDocument,
  schema: JsonSchema,
  overrides: PropertyOverrides = {},
): fc.Arbitrary<unknown> {
  const found = resolveSchema(document, schema);
  if (found === true) return fc.jsonValue();
  if (found === false) throw new Error('No value satisfies the schema `false`');
  const resolved = withAllOf(document, found);
  const unknown = Object.keys(resolved).filter((keyword) => !HANDLED.has(keyword) && !keyword.startsWith('x-'));
  if (unknown.length > 0) throw new Error(`The generator does not support ${unknown.join(', ')}`);
  if (Object.keys(resolved).every((keyword) => DESCRIPTIVE.has(keyword))) return fc.jsonValue();
  if ('const' in resolved) return fc.constant(resolved.const);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as unknown[]));
  const branches = (resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    // What the schema says beside its branches (a type, a maxLength) holds in every branch.
    const { anyOf: _anyOf, oneOf: _oneOf, ...shared } = resolved;
    return fc.oneof(
      ...branches.map((branch) => {
        const own = resolveSchema(document, branch);
        return schemaArbitrary(document, typeof own === 'object' ? { ...shared, ...own } : own, overrides);
      }),
    );
  }
  const types = typesOf(resolved);
  return fc.oneof(...types.map((type) => ofType(document, resolved, type, overrides)));
}

/**
 * `schema` with the members of its `allOf` folded in. The document writes a string's second and
 * third patterns (no control character, not blank, a slug) as members, since a schema holds one
 * `pattern`; they are gathered into `patterns`, and any other keyword two members give differently
 * is refused rather than guessed at.
 */
function withAllOf(document: OpenApiDocument, schema: Schema): Schema & { patterns?: string[] } {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, pattern, ...merged } = schema as Schema & { allOf: JsonSchema[] };
  const patterns = typeof pattern === 'string' ? [pattern] : [];
  for (const member of allOf) {
    const resolved = resolveSchema(document, member);
    if (typeof resolved !== 'object') throw new Error('The generator supports only schemas in allOf');
    const { pattern: own, patterns: more, ...rest } = withAllOf(document, resolved) as Schema & { patterns?: string[] };
    patterns.push(...(typeof own === 'string' ? [own] : []), ...(more ?? []));
    for (const [keyword, value] of Object.entries(rest)) {
      if (keyword in merged && JSON.stringify(merged[keyword]) !== JSON.stringify(value)) {
        throw new Error(`The generator cannot merge two values of ${keyword} in allOf`);
      }
      merged[keyword] = value;
    }
  }
  return { ...merged, patterns };
}

/** Every pattern a string must match: its own and those of its allOf members (see withAllOf). */
const patternsOf = (schema: Schema): string[] =>
  (schema.patterns as string[] | undefined) ?? (typeof schema.pattern === 'string' ? [schema.pattern] : []);

/**
 * Whether a pattern gives a string its shape (a slug, a short code, a number): anchored at both
 * ends, and more than an alphabet (`^[^…]*$`, no control characters: printable text honours that
 * already). Strings are made from such a pattern; the others (`\S`, not blank) only filter.
 */
const shapes = (pattern: string) =>
  pattern.startsWith('^') && pattern.endsWith('$') && !/^\^\[\^(?:[^\]\\]|\\.)*\]\*\$$/.test(pattern);

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (patternsOf(schema).length > 0 || schema.format !== undefined || schema.maxLength !== undefined) return ['string'];
  throw new Error(`Cannot tell the type of ${JSON.stringify(schema).slice(0, 120)}`);
}

function ofType(
  document: OpenApiDocument,
  schema: Schema,
  type: string,
  overrides: PropertyOverrides,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items === undefined ? fc.jsonValue() : schemaArbitrary(document, schema.items as JsonSchema);
      const length = {
        minLength: Number(schema.minItems ?? 0),
        maxLength: Math.min(Number(schema.maxItems ?? MAX_ITEMS), Math.max(MAX_ITEMS, Number(schema.minItems ?? 0))),
      };
      // Items compared as JSON, as the schema's uniqueItems compares them.
      return schema.uniqueItems === true
        ? fc.uniqueArray(items, { ...length, selector: (item) => JSON.stringify(item) })
        : fc.array(items, length);
    }
    case 'object':
      return objectArbitrary(document, schema, overrides);
    default:
      throw new Error(`Unknown JSON Schema type ${type}`);
  }
}

function objectArbitrary(document: OpenApiDocument, schema: Schema, overrides: PropertyOverrides) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [
      name,
      overrides[name]
        ? fc.oneof(overrides[name], schemaArbitrary(document, property))
        : schemaArbitrary(document, property),
    ]),
  );
  // Extra properties are never made, even where allowed: a valid request is the plainest one.
  return fc.record(fields, { requiredKeys: required.filter((name) => name in properties) });
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  const min = Math.max(Number(schema.minimum ?? exclusiveMin ?? -1_000_000), Number.MIN_SAFE_INTEGER);
  const max = Math.min(Number(schema.maximum ?? exclusiveMax ?? 1_000_000), Number.MAX_SAFE_INTEGER);
  // Mostly near the lower bound (where the rows are), sometimes anywhere up to the upper one.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 1_000) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = schema.maxLength === undefined ? undefined : Number(schema.maxLength);
  const patterns = patternsOf(schema);
  const regexps = patterns.map((pattern) => new RegExp(pattern, 'u'));
  const fits = (text: string) =>
    codePoints(text) >= minLength &&
    (maxLength === undefined || codePoints(text) <= maxLength) &&
    regexps.every((regexp) => regexp.test(text));
  const formatted = formatArbitrary(schema.format);
  if (formatted) return formatted.filter(fits);
  const shape = patterns.find(shapes);
  if (shape !== undefined) return fc.stringMatching(new RegExp(shape, 'u')).filter(fits);
  const cap = Math.max(minLength, Math.min(maxLength ?? SHORT, SHORT));
  // Printable text: NUL and other control characters are the invalid cases' business.
  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength: cap }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: cap }) },
  );
  const choices = [{ weight: 8, arbitrary: text.filter(fits) }];
  if (maxLength !== undefined && maxLength <= BOUNDARY_MAX && fits('x'.repeat(maxLength))) {
    choices.push({ weight: 1, arbitrary: fc.constant('x'.repeat(maxLength)) });
  }
  return fc.oneof(...choices);
}

function formatArbitrary(format: unknown): fc.Arbitrary<string> | undefined {
  switch (format) {
    case undefined:
    case 'binary':
    case 'password':
      return undefined;
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true });
    case 'email':
      return fc.emailAddress();
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'uuid':
      return fc.uuid();
    default:
      throw new Error(`The generator does not support format ${String(format)}`);
  }
}
