import type { oas31 } from 'zod-openapi';
import { escapeHtml } from '../services/html-meta';
import type { RouteAuth } from '@toolvault/shared/contract';
import { AUTH_EXTENSION, ERROR_CODES_EXTENSION, LIMITS_EXTENSION, type OpenApiDocument } from './document';
import { PERMISSION_EXTENSION, permissionWords, securityWords, type PermissionExtension } from './security';

/** The parts of a JSON Schema the page shows. */
interface Schema {
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  type?: string | string[];
  items?: Schema;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
}

/** The document's schemas are JSON Schema objects (or `true`, which says nothing). */
const asSchema = (value: unknown): Schema | undefined =>
  typeof value === 'object' && value !== null ? (value as Schema) : undefined;

const METHODS = ['get', 'post', 'put', 'delete'] as const;

const AUTH_LABELS: Record<RouteAuth, string> = {
  public: 'Public',
  admin: 'Signed-in callers only',
  'admin-optional': 'Public; more for a signed-in caller',
};

/** Plain styles in the page itself (the CSP allows inline styles, never inline script). */
const PAGE_CSS = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1.25rem 3rem}
h1{font-size:1.8rem}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}h3{margin-top:2rem;font-size:1.1rem}
table{border-collapse:collapse;margin:.5rem 0;width:100%}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace;font-size:.95em}a{color:#0645ad}
nav ul{columns:2}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}th,td{border-color:#555}h2{border-color:#555}a{color:#8ab4f8}}
`;

const h = escapeHtml;

/** Escaped text with its `code spans` set as code. */
const prose = (text: string): string => h(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** Words for a schema: its type, enum values, array items or the referenced component. */
function typeOf(value: unknown): string {
  const schema = asSchema(value);
  if (!schema) return 'any';
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object';
  if (schema.enum) return schema.enum.map((item) => JSON.stringify(item)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  if (schema.type === 'array') return `${typeOf(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

function fieldsTable(value: unknown): string {
  const schema = asSchema(value);
  if (!schema?.properties) return `<p>${h(typeOf(value))}</p>`;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties).map(
    ([name, field]) =>
      `<tr><td><code>${h(name)}</code></td><td>${h(typeOf(field))}</td><td>${required.has(name) ? 'yes' : 'no'}</td>` +
      `<td>${h(field.description ?? '')}</td></tr>`,
  );
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function parametersTable(parameters: (oas31.ParameterObject | oas31.ReferenceObject)[]): string {
  const rows = parameters
    .filter((parameter): parameter is oas31.ParameterObject => !('$ref' in parameter))
    .map(
      (parameter) =>
        `<tr><td><code>${h(parameter.name)}</code></td><td>${h(parameter.in)}</td>` +
        `<td>${parameter.required ? 'yes' : 'no'}</td><td>${h(typeOf(parameter.schema))}</td>` +
        `<td>${h(parameter.description ?? '')}</td></tr>`,
    );
  return `<table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responsesTable(responses: oas31.ResponsesObject): string {
  const rows = Object.entries(responses).map(([status, response]: [string, oas31.ResponseObject]) => {
    const types = Object.keys(response.content ?? {});
    return `<tr><td>${h(status)}</td><td>${h(response.description ?? '')}</td><td>${types.map((type) => `<code>${h(type)}</code>`).join(', ')}</td></tr>`;
  });
  return `<table><thead><tr><th scope="col">Status</th><th scope="col">Meaning or error codes</th><th scope="col">Content</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection(path: string, method: string, op: oas31.OperationObject): string {
  const id = op.operationId ?? `${method}-${path}`;
  const limits = (op[LIMITS_EXTENSION] as string[] | undefined) ?? [];
  const auth = (op[AUTH_EXTENSION] ?? 'public') as RouteAuth;
  const permission = op[PERMISSION_EXTENSION] as PermissionExtension | undefined;
  // Who may call it is shown below as its own lines, so the description's words for it are left out.
  const security = new Set(securityWords(auth, permission));
  const description = (op.description ?? '').split('\n\n').filter((text) => text && !security.has(text));
  const body = op.requestBody && !('$ref' in op.requestBody) ? op.requestBody : undefined;
  const parts = [
    `<section aria-labelledby="${h(id)}">`,
    `<h3 id="${h(id)}"><code>${method.toUpperCase()} ${h(path)}</code></h3>`,
    `<p>${h(op.summary ?? '')}</p>`,
    ...description.map((text) => `<p>${prose(text)}</p>`),
    `<p><strong>Auth:</strong> ${h(AUTH_LABELS[auth])} (<code>${h(auth)}</code>)</p>`,
    ...(permission ? [`<p><strong>Permission:</strong> ${prose(permissionWords(permission))}</p>`] : []),
    ...(limits.length > 0
      ? ['<p><strong>Limits:</strong></p><ul>', ...limits.map((limit) => `<li>${h(limit)}</li>`), '</ul>']
      : []),
    ...(op.parameters?.length ? ['<h4>Parameters</h4>', parametersTable(op.parameters)] : []),
    ...(body
      ? Object.entries(body.content).flatMap(([type, media]) => [
          `<h4>Request body (<code>${h(type)}</code>)</h4>`,
          fieldsTable('schema' in media ? media.schema : undefined),
        ])
      : []),
    '<h4>Responses</h4>',
    responsesTable(op.responses ?? {}),
    '</section>',
  ];
  return parts.join('\n');
}

/**
 * The reference people read at /api/docs, written from the OpenAPI document itself: every route
 * grouped by tag with its auth, limits, parameters, body and answers, and the table of error codes.
 * Plain HTML with headings, lists and tables; no script.
 */
export function referencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const contents = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(path, method, op)]);
      const link = `<li><a href="#${h(op.operationId ?? '')}"><code>${method.toUpperCase()} ${h(path)}</code></a></li>`;
      contents.set(tag, [...(contents.get(tag) ?? []), link]);
    }
  }
  const codes = (document[ERROR_CODES_EXTENSION] ?? {}) as Record<string, { status: number; message: string }>;
  const codeRows = Object.entries(codes).map(
    ([code, { status, message }]) =>
      `<tr><td><code>${h(code)}</code></td><td>${status}</td><td>${h(message)}</td></tr>`,
  );
  const tagId = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(document.info.title)} reference — Toolvault</title>
<meta name="description" content="Every route of the Toolvault API: auth, limits, parameters, answers and error codes.">
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
<h1>${h(document.info.title)} reference</h1>
${(document.info.description ?? '')
  .split('\n\n')
  .map((text) => `<p>${prose(text)}</p>`)
  .join('\n')}
<p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document</a>. Back to <a href="/">Toolvault</a>.</p>
<nav aria-label="Routes">
<h2>Routes</h2>
${[...contents].map(([tag, links]) => `<h3><a href="#${tagId(tag)}">${h(tag)}</a></h3><ul>${links.join('')}</ul>`).join('\n')}
</nav>
<h2 id="errors">Error codes</h2>
<p>Any route may also answer the codes of a body that cannot be read (MALFORMED_JSON, PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, BAD_REQUEST, REQUEST_TIMEOUT) and of a failure on our side (INTERNAL, SERVICE_UNAVAILABLE).</p>
<table><thead><tr><th scope="col">Code</th><th scope="col">Status</th><th scope="col">Default message</th></tr></thead><tbody>${codeRows.join('')}</tbody></table>
${[...byTag].map(([tag, sections]) => `<h2 id="${tagId(tag)}">${h(tag)}</h2>\n${sections.join('\n')}`).join('\n')}
</main>
</body>
</html>
`;
}
