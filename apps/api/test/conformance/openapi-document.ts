/**
 * The parts of an OpenAPI 3.1 document the conformance suite reads, and the walk from the document
 * to its operations. Only what the suite needs is typed; everything else is passed through as it is.
 */

/** A JSON Schema (2020-12, as OpenAPI 3.1 writes them). */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

export interface MediaType {
  schema?: JsonSchema;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, MediaType>;
}

export interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, OpenApiResponse>;
  'x-auth'?: 'public' | 'admin' | 'admin-optional';
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation with where it lives: the unit every conformance check is made for. */
export interface Operation extends OpenApiOperation {
  method: string;
  /** The path template as the document writes it: `/api/blog/{slug}`. */
  path: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Every operation of the document, in the document's order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ ...operation, method, path })),
  );
}

export const COMPONENT_PREFIX = '#/components/schemas/';

/** Follows `$ref`s into the document's components until a schema that is not a reference. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith(COMPONENT_PREFIX) || hops > 20) throw new Error(`Cannot follow $ref ${ref}`);
    const target = document.components?.schemas?.[ref.slice(COMPONENT_PREFIX.length)];
    if (target === undefined) throw new Error(`No component for $ref ${ref}`);
    current = target;
  }
  return current;
}

/** The media type without its parameters, in lower case: `application/json; charset=utf-8` → `application/json`. */
export function essence(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isJsonMedia(contentType: string): boolean {
  const type = essence(contentType);
  return type === 'application/json' || type.endsWith('+json');
}

export function parametersIn(operation: Operation, where: OpenApiParameter['in']): OpenApiParameter[] {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === where);
}
