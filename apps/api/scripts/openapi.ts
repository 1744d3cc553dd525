/**
 * Writes the API's OpenAPI document (the one GET /api/openapi.json serves) to the file named by the
 * first argument, for tools that read files: `pnpm lint:openapi` lints it with Redocly's
 * recommended rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/openapi/document';

const [target] = process.argv.slice(2);
if (!target) throw new Error('Usage: tsx scripts/openapi.ts <file.json>');
fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
