/**
 * The building blocks of every request schema: text that refuses characters no form can type, and
 * how a failed parse becomes the API's answer. The OpenAPI document is rendered from the same zod
 * objects, so what the document says and what the server checks cannot part: a check it cannot
 * express (a parsed URL, a reserved word) is said in the field's description.
 */
import type { ApiErrorCode } from './api';
import { INVALID_CHARACTERS_MESSAGE, MULTI_LINE_TEXT, SINGLE_LINE_TEXT } from './text';
import { z } from './zod';

/** How a text field reads: multi-line (tab and line breaks allowed), and its own words for a character it refuses. */
export interface TextOptions {
  multiline?: boolean;
  /** The message when the text holds a refused character (a URL field says "Only valid http(s) URLs"). */
  invalid?: string;
}

/**
 * A string that holds no control character and no unpaired surrogate (`multiline`: tab and line
 * breaks are allowed). The check runs first and stops the others, so such text always answers
 * INVALID_CHARACTERS, whatever else is wrong with it.
 */
export function text(error: string, { multiline = false, invalid = INVALID_CHARACTERS_MESSAGE }: TextOptions = {}) {
  return z.string({ error }).regex(multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, { error: invalid, abort: true });
}

/** JSON Schema's way of saying "not blank once trimmed": String.prototype.trim and `\s` agree on what is blank. */
const NOT_BLANK = /\S/;

/** Trimmed text that must not be blank (blank answers `required`) and holds at most `max` characters once trimmed. */
export function requiredText(required: string, max: number, label: string, options: TextOptions = {}) {
  return text(required, options)
    .regex(NOT_BLANK, { error: required, abort: true })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
}

/** Optional text: absent or null counts as ''; trimmed, at most `max` characters once trimmed. */
export function optionalText(max: number, label: string, options: TextOptions = {}) {
  return text(`${label} must be text`, options)
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => value ?? '');
}

/**
 * A `.meta` override that renders a field as `schema` in place of zod's own rendering, for a check
 * zod cannot express in JSON Schema (a parsed URL, an IP address, digits read as an integer). A
 * fresh copy each time: the rendered document must not share objects with this one.
 */
export function renderedAs(schema: Record<string, unknown>) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, JSON.parse(JSON.stringify(schema)) as object);
  };
}

/**
 * What the document says of an http(s) address the server parses (checkHttpUrl): its scheme and
 * host in a pattern (user:password@ is refused, so the host part has no `@`), `format: uri`, and in
 * words what neither can say. `optional`: '' and null mean "none".
 */
export function httpUrlMeta(
  max: number,
  { optional = false, extra = '' }: { optional?: boolean; extra?: string } = {},
) {
  const url = { type: 'string', format: 'uri', pattern: '^https?://[^\\s/?#@\\\\]+(?:[/?#]\\S*)?$', maxLength: max };
  const description =
    'An http or https URL, at most ' +
    `${max} characters, without a user name or password; the WHATWG URL parser must accept it (a port above ` +
    `65535 or an IPv4 address with a part above 255 is refused).${extra ? ` ${extra}` : ''}` +
    (optional ? " '' or null: none." : '');
  const schema = optional ? { anyOf: [{ type: 'string', maxLength: 0 }, url, { type: 'null' }] } : url;
  // The rendered schema is replaced, not merged: zod's own (a nullable string) says less.
  return { description, override: renderedAs({ ...schema, description }) };
}

/**
 * A query parameter that the server reads as decimal digits but the document declares as what it
 * means: an integer from `minimum` to `maximum` (with its default, when it has one).
 */
export function integerParameterMeta(minimum: number, maximum: number, fallback?: number, description?: string) {
  const schema = { type: 'integer', minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) };
  return {
    ...(description ? { description } : {}),
    override: renderedAs({ ...schema, ...(description ? { description } : {}) }),
  };
}

/**
 * A positive id in a path (`/api/shortlinks/42`): decimal digits without a leading zero, at most
 * Number.MAX_SAFE_INTEGER; the document declares the integer it is.
 */
export function positiveIdParameter(message: string) {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,15}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: message }))
    .meta(integerParameterMeta(1, Number.MAX_SAFE_INTEGER));
}

/** A query parameter sent once: `?page=1&page=2` arrives as a list, which no parameter accepts. */
export const oneValue = (name: string) => text(`${name} must be given once`);

/** A whole number from `min` to `max` sent as decimal digits, or its default when absent or ''. */
export const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  oneValue(name)
    .optional()
    .transform((value, ctx) => {
      const digits = (value ?? '').trim();
      if (digits === '') return fallback;
      const number = /^\d{1,6}$/.test(digits) ? Number(digits) : Number.NaN;
      if (Number.isInteger(number) && number >= min && number <= max) return number;
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    })
    .meta(integerParameterMeta(min, max, fallback));

/**
 * The `error` of a body object: `message` when the body is no object at all (so a form's blank
 * submission and a client's `null` read the same), zod's own words for anything else.
 */
export const notAnObject = (message: string) => (issue: { code: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

/** The codes a request check answers besides VALIDATION: a character no form types, a field the route does not take. */
export type RequestIssueCode = Extract<
  ApiErrorCode,
  'VALIDATION' | 'INVALID_CHARACTERS' | 'UNKNOWN_FIELDS' | 'FIELDS_CONFLICT' | 'BULK_TOO_MANY'
>;

/** Marks a refinement's issue as two fields that do not go together (see FIELDS_CONFLICT). */
export const CONFLICT_PARAMS = { code: 'FIELDS_CONFLICT' } as const;

/**
 * Marks a refinement's issue as more links than one bulk change may reach (see BULK_TOO_MANY): the
 * same answer whether the ids name them or a filter matches them.
 */
export const TOO_MANY_PARAMS = { code: 'BULK_TOO_MANY' } as const;

/** Whether `issue` is the text check's (see `text`). */
export function isCharacterIssue(issue: z.core.$ZodIssue): boolean {
  return (
    issue.code === 'invalid_format' &&
    issue.format === 'regex' &&
    (issue.pattern === String(SINGLE_LINE_TEXT) || issue.pattern === String(MULTI_LINE_TEXT))
  );
}

/**
 * The text check's issue in `issue`, or in a branch of a union it reports (an id that is a number
 * or text): text with a bad character answers INVALID_CHARACTERS in a union too.
 */
function characterIssueIn(issue: z.core.$ZodIssue): z.core.$ZodIssue | undefined {
  if (isCharacterIssue(issue)) return issue;
  if (issue.code !== 'invalid_union') return undefined;
  for (const inner of issue.errors.flat()) {
    const found = characterIssueIn(inner);
    if (found) return { ...found, path: [...issue.path, ...found.path] };
  }
  return undefined;
}

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The answer to a parse that failed: the first issue with a code of its own (a character no form
 * types, fields the route does not take) wins over the others, since the client has to fix it
 * whatever else is wrong; else the first issue, as VALIDATION. `message` names the field; `null`
 * lets the caller word a plain VALIDATION issue itself.
 */
export function requestIssue(issues: readonly z.core.$ZodIssue[]): {
  code: RequestIssueCode;
  issue: z.core.$ZodIssue | undefined;
  message: string | null;
} {
  for (const issue of issues) {
    const character = characterIssueIn(issue);
    if (character) {
      // The general message gets the field's name; a field's own message (a URL's) already says which.
      const name = character.message === INVALID_CHARACTERS_MESSAGE ? fieldName(character.path) : '';
      const message = name ? `${name}: ${character.message}` : character.message;
      return { code: 'INVALID_CHARACTERS', issue: character, message };
    }
    if (issue.code === 'unrecognized_keys') {
      const where = issue.path.length > 0 ? ` in ${fieldName(issue.path)}` : '';
      const noun = issue.keys.length === 1 ? 'field' : 'fields';
      return { code: 'UNKNOWN_FIELDS', issue, message: `Unknown ${noun}${where}: ${issue.keys.join(', ')}` };
    }
  }
  const conflict = issues.find((issue) => issue.code === 'custom' && issue.params?.code === CONFLICT_PARAMS.code);
  // Only when every field passed on its own: a malformed field is the first thing to fix.
  if (conflict && conflict === issues[0])
    return { code: 'FIELDS_CONFLICT', issue: conflict, message: conflict.message };
  const first = issues[0];
  if (first?.code === 'custom' && first.params?.code === TOO_MANY_PARAMS.code) {
    return { code: 'BULK_TOO_MANY', issue: first, message: first.message };
  }
  return { code: 'VALIDATION', issue: issues[0], message: null };
}
