import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { API_ERRORS, type ApiErrorCode } from '@toolvault/shared';
import {
  API,
  openApiPath,
  routeErrors,
  ZApiErrorBody,
  type RateLimit,
  type RouteContract,
  type RouteOtherAnswer,
} from '@toolvault/shared/contract';
import { z } from 'zod';
import { PERMISSION_EXTENSION, permissionOf, SECURITY_SCHEMES, securityOf, securityWords } from './security';

/** The one OpenAPI document of the API, built from the contract (GET /api/openapi.json, /api/docs). */
export type OpenApiDocument = ReturnType<typeof createDocument>;

/** Where the contract's `auth` is written in each operation, for the reference page and clients. */
export const AUTH_EXTENSION = 'x-auth';
/** Each operation's page-size caps, body limits and rate limit, in words. */
export const LIMITS_EXTENSION = 'x-limits';
/** The document's table of every error code: its status and default message. */
export const ERROR_CODES_EXTENSION = 'x-error-codes';

const JSON_TYPE = 'application/json';

export function rateLimitText({ limit, windowMs, code, failuresOnly }: RateLimit): string {
  const minutes = windowMs / 60_000;
  const window = minutes === 1 ? 'minute' : `${minutes} minutes`;
  const what = failuresOnly ? 'failed requests' : 'requests';
  return `Rate limit: ${limit} ${what} per ${window} per client, then 429 ${code} with Retry-After.`;
}

function operation(name: string, route: RouteContract): ZodOpenApiOperationObject {
  const { response } = route;
  const contentTypes =
    typeof response.contentType === 'string' ? [response.contentType] : (response.contentType ?? [JSON_TYPE]);
  const success = {
    description: response.description,
    ...(response.schema
      ? {
          content: Object.fromEntries(
            contentTypes.map((type) => [type, { schema: type.startsWith(JSON_TYPE) ? response.schema! : z.string() }]),
          ),
        }
      : {}),
  };
  const limits = [...(route.limits ?? []), ...(route.rateLimit ? [rateLimitText(route.rateLimit)] : [])];
  const body = route.body;
  // Each form names who may send it, so a client or a test generator can tell them apart by machine.
  const bodySchema = body?.adminSchema
    ? z
        .union([body.adminSchema.meta({ [AUTH_EXTENSION]: 'admin' }), body.schema.meta({ [AUTH_EXTENSION]: 'public' })])
        .meta({
          description: `The admin sends the full form; anyone else only the fields of the second form (each form's ${AUTH_EXTENSION} says who).`,
        })
    : body?.schema;
  const permission = permissionOf(route);
  return {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, ...securityWords(route.auth, permission)].filter(Boolean).join('\n\n'),
    security: securityOf(route),
    [AUTH_EXTENSION]: route.auth,
    ...(permission ? { [PERMISSION_EXTENSION]: permission } : {}),
    [LIMITS_EXTENSION]: limits,
    ...(route.params || route.query
      ? {
          requestParams: {
            ...(route.params ? { path: route.params } : {}),
            ...(route.query ? { query: route.query } : {}),
          },
        }
      : {}),
    ...(body && bodySchema
      ? { requestBody: { required: true, content: { [body.contentType ?? JSON_TYPE]: { schema: bodySchema } } } }
      : {}),
    responses: withOtherAnswers(
      { [String(response.status)]: success, ...errorResponses(routeErrors(route)) },
      route.otherAnswers ?? [],
    ),
  };
}

type Responses = Record<`${1 | 2 | 3 | 4 | 5}${string}`, ZodOpenApiResponseObject>;

/** The answers that are not JSON (a page, a redirect) added beside the JSON ones of the same status. */
function withOtherAnswers(responses: Responses, answers: readonly RouteOtherAnswer[]): Responses {
  for (const answer of answers) {
    const status = `${answer.status}` as const;
    const existing = responses[status];
    const content = answer.contentType ? { [answer.contentType]: { schema: z.string() } } : undefined;
    const headers = answer.headers
      ? z.object(
          Object.fromEntries(
            Object.entries(answer.headers).map(([name, description]) => [name, z.string().meta({ description })]),
          ),
        )
      : undefined;
    responses[status] = {
      description: existing ? `${existing.description}; or ${answer.description}` : answer.description,
      ...(existing?.content || content ? { content: { ...existing?.content, ...content } } : {}),
      ...(headers ? { headers } : {}),
    };
  }
  return responses;
}

const API_ERROR_REF = '#/components/schemas/ApiError';

/** One response per status, naming every code the route may answer with it: an ApiError with fewer codes. */
function errorResponses(codes: readonly ApiErrorCode[]): Responses {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of codes) {
    const { status } = API_ERRORS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.join(', '),
        content: {
          // The narrowing says its types too: a validator in strict mode reads `properties` and `enum` only under their type.
          [JSON_TYPE]: {
            schema: {
              allOf: [
                { $ref: API_ERROR_REF },
                { type: 'object', properties: { code: { type: 'string', enum: list } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(): OpenApiDocument {
  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const [name, route] of Object.entries(API) as [string, RouteContract][]) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(name, route) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Toolvault API',
      version: '1',
      description: [
        'Every JSON error is `{ "error": "<sentence>", "code": "<CODE>" }`: branch on the code, show the sentence.',
        'Bodies are JSON (up to 100 kB unless a route says otherwise), sent as `application/json`: another ' +
          'type answers 415. A body field the route does not take answers 400 UNKNOWN_FIELDS.',
        'Text (body fields, path and query parameters) holds no control character and no unpaired surrogate: ' +
          'such text answers 400 INVALID_CHARACTERS. Only multi-line fields (a description, a message, a ' +
          "post's HTML) take tab, line feed and carriage return. Text is trimmed before its length is checked.",
        'Paths are case-sensitive and take no trailing slash. A method a path does not answer gets 405 ' +
          'METHOD_NOT_ALLOWED with an `Allow` header.',
        "Signed-in calls send `Authorization: Bearer <token>`, with one of two credentials: a person's session " +
          'token (`session`: from POST /api/admin/login) or an API key (`apiKey`: `tv_…`). Each such operation ' +
          `names the permission it needs, the roles that hold it and the scope a key needs (\`${PERMISSION_EXTENSION}\`). ` +
          'Without valid credentials it answers 401 UNAUTHORIZED; without the permission, 403 FORBIDDEN.',
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'The site itself: the API is served from its own origin' }],
    [ERROR_CODES_EXTENSION]: API_ERRORS,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ApiError: ZApiErrorBody },
    },
    paths,
  });
}
