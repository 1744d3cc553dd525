import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  COMPONENT_PREFIX,
  essence,
  isJsonMedia,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiResponse,
  type Operation,
} from './openapi-document';

/**
 * Checks answers against the OpenAPI document with ajv: the status is one the operation declares,
 * the content type one that status declares, and the body matches that content's schema. OpenAPI
 * 3.1 schemas are JSON Schema 2020-12, so ajv's 2020 dialect reads them as they are; only the
 * references into components are pointed at a copy of the components registered on their own,
 * because ajv would otherwise compile the whole document as one schema and refuse its keywords.
 */

// ajv-formats is CommonJS; under ESM its default export arrives wrapped once more.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** An answer as received: the body as bytes, so an empty body and a non-JSON one can be told apart. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

const COMPONENTS_ID = 'openapi-components';

function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key !== '$ref' || typeof inner !== 'string') return [key, pointAtComponents(inner)];
      if (!inner.startsWith(COMPONENT_PREFIX)) throw new Error(`Unsupported $ref ${inner}`);
      return [key, `${COMPONENTS_ID}#/$defs/${inner.slice(COMPONENT_PREFIX.length)}`];
    }),
  );
}

export interface ResponseValidator {
  /** Every way `answer` departs from what the document declares for `operation`; empty when it conforms. */
  check(operation: Operation, answer: HttpAnswer): string[];
  /** Whether `value` satisfies `schema`, a schema of the document (references resolved through its components). */
  isValid(schema: JsonSchema, value: unknown): boolean;
  /** Problems of `value` against the named component (`ApiError`); empty when it matches. */
  matchesComponent(name: string, value: unknown): string[];
  /** The declared response for `status`: its own entry, else `4XX`-style, else `default`. */
  declared(operation: Operation, status: number): OpenApiResponse | undefined;
}

export function createResponseValidator(document: OpenApiDocument): ResponseValidator {
  // strict: a keyword ajv does not know is an error, so a schema it cannot check is not passed silently.
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // Keywords OpenAPI adds to JSON Schema, and the document's own extension naming who sends a
  // body form: they describe and never constrain.
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', 'x-auth']);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: pointAtComponents(document.components?.schemas ?? {}) });

  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: JsonSchema): ValidateFunction => {
    if (typeof schema === 'boolean') return ajv.compile(schema);
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(pointAtComponents(schema) as object)));
    return validate;
  };
  const problemsOf = (validate: ValidateFunction, value: unknown, label: string): string[] =>
    validate(value)
      ? []
      : [`${label} does not match its schema: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`];

  const declared = (operation: Operation, status: number) =>
    operation.responses[String(status)] ??
    operation.responses[`${Math.floor(status / 100)}XX`] ??
    operation.responses.default;

  return {
    declared,
    isValid: (schema, value) => validatorOf(schema)(value),
    matchesComponent(name, value) {
      const validate = ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`);
      if (!validate) return [`the document has no component ${name}`];
      return problemsOf(validate, value, name);
    },
    check(operation, answer) {
      const response = declared(operation, answer.status);
      if (!response)
        return [`status ${answer.status} is not declared (${Object.keys(operation.responses).join(', ')})`];
      const contentType = answer.headers.get('content-type');
      const content = Object.entries(response.content ?? {});
      if (content.length === 0) {
        return answer.body.length === 0
          ? []
          : [`status ${answer.status} declares no body, got ${answer.body.length} bytes`];
      }
      const media = contentType === null ? undefined : content.find(([type]) => essence(type) === essence(contentType));
      if (!media) {
        return [
          `content type ${contentType ?? '(none)'} is not declared for ${answer.status} (${content.map(([type]) => type).join(', ')})`,
        ];
      }
      const [type, { schema }] = media;
      if (schema === undefined) return [];
      const label = `the ${answer.status} body`;
      if (!isJsonMedia(type)) {
        // Text and bytes: the schema can only say "a string", which any body is.
        return [];
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body.toString('utf8'));
      } catch {
        return [`${label} is not JSON: ${answer.body.toString('utf8').slice(0, 120)}`];
      }
      return problemsOf(validatorOf(schema), parsed, label);
    },
  };
}
