import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/db';
import { ENGINES } from '../engines';
import { buildApp } from '../helpers';
import { startConformanceApp, type ConformanceApp } from './conformance-app';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi-document';
import { invalidRequests, toHttp, validRequests, type HttpRequest, type RequestParts } from './request-generator';
import { createResponseValidator, type HttpAnswer } from './response-validator';

/**
 * Every operation of the served OpenAPI document, against the real app on every engine: valid
 * requests drawn from the document's schemas, and invalid ones derived from them, each answer
 * checked against the document (a declared status, a declared content type, a body matching its
 * schema). Any undeclared answer, any 5xx, any valid request refused for its shape and any
 * invalid one accepted fails: there is no list of tolerated gaps, a gap is fixed where it is.
 */
const SEED = 3_400_034;
/** Valid requests per operation and engine. */
const RUNS = 16;
/** Fewer for the downloads (each may be 50 MB) and the logins (each hashes the password, slowly on purpose). */
const RUNS_BY_OPERATION: Record<string, number> = { speedtestDownload: 2, adminLogin: 6 };
console.info(`conformance.test.ts: fast-check seed ${SEED}, ${RUNS} valid requests per operation and engine`);

/**
 * Codes saying "this request does not fit": answered to a request the document calls valid, they
 * mean the document is looser than the server; answered to a broken one, that it was refused for
 * its break (and not for something checked after it, such as a taken slug).
 */
const SHAPE_CODES = new Set([
  'VALIDATION',
  'INVALID_CHARACTERS',
  'UNKNOWN_FIELDS',
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'SHORTLINK_IMPORT_INVALID',
  'INVALID_IP',
]);

// The document as the app serves it.
const DOCUMENT = (await request(buildApp().app).get('/api/openapi.json')).body as OpenApiDocument;
const OPERATIONS = operationsOf(DOCUMENT);
const validator = createResponseValidator(DOCUMENT);

const seedOf = (operation: Operation, run: number) =>
  SEED + run * 7919 + [...operation.operationId].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 0);

function describeRequest(http: HttpRequest, answer: HttpAnswer): string {
  const body =
    http.body === undefined ? '' : typeof http.body === 'string' ? ` ${http.body}` : ` <${http.body.length} bytes>`;
  const text = answer.body.toString('utf8');
  return `${http.method} ${http.url}${http.admin ? ' (admin)' : ''}${body.slice(0, 200)} → ${answer.status} ${text.slice(0, 200)}`;
}

/** The answer's JSON body, or undefined when it has none (the validator reports that). */
function jsonOf(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const errorCode = (answer: HttpAnswer): string =>
  String((jsonOf(answer) as { code?: unknown } | undefined)?.code ?? '');

describe.each(ENGINES)('the API answers as its OpenAPI document says, on %s', (engine: Engine) => {
  let app: ConformanceApp;
  beforeAll(async () => {
    app = await startConformanceApp(engine);
  }, 30_000);
  afterAll(async () => {
    await app?.close();
  });

  /** Sends `parts`; the answer, the exchange in words (with the logged cause of a 5xx) and the answer's departures from the document. */
  const exchange = async (operation: Operation, parts: RequestParts) => {
    const http = toHttp(operation, parts);
    const answer = await app.send(http);
    const logged = answer.status >= 500 ? app.takeLoggedError() : undefined;
    const detail = `${describeRequest(http, answer)}${logged ? `\n      logged: ${logged.split('\n')[0]}` : ''}`;
    return { answer, detail, departures: validator.check(operation, answer) };
  };

  const draw = async (operation: Operation, run: number): Promise<RequestParts> =>
    fc.sample(validRequests(DOCUMENT, operation, await app.hints(operation.operationId)), {
      seed: seedOf(operation, run),
      numRuns: 1,
    })[0]!;

  /** Valid requests: answered as declared, never 5xx, never refused for their shape. Answers those accepted. */
  async function sendValid(operation: Operation, runs: number, problems: string[]): Promise<RequestParts[]> {
    const accepted: RequestParts[] = [];
    for (let run = 0; run < runs; run++) {
      const parts = await draw(operation, run);
      const { answer, detail, departures } = await exchange(operation, parts);
      problems.push(...departures.map((departure) => `[response] ${departure}: ${detail}`));
      if (answer.status >= 500) problems.push(`[5xx] a valid request: ${detail}`);
      else if (answer.status >= 400 && SHAPE_CODES.has(errorCode(answer))) {
        problems.push(`[refuses-valid] the document calls it valid: ${detail}`);
      } else if (answer.status < 300) accepted.push(parts);
    }
    return accepted;
  }

  /** Requests broken one way each: refused as broken with a declared 4xx and an ApiError body. */
  async function sendBroken(operation: Operation, base: RequestParts, problems: string[]): Promise<void> {
    for (const broken of invalidRequests(DOCUMENT, operation, base, validator.isValid)) {
      const { answer, detail, departures } = await exchange(operation, broken.parts);
      const label = `${broken.kind} at ${broken.where}`;
      problems.push(...departures.map((departure) => `[response] ${label}: ${departure}: ${detail}`));
      if (answer.status >= 500) {
        problems.push(`[5xx] ${label}: ${detail}`);
        continue;
      }
      if (answer.status >= 400) {
        const mismatches = validator.matchesComponent('ApiError', jsonOf(answer));
        problems.push(...mismatches.map((mismatch) => `[error body] ${label}: ${mismatch}: ${detail}`));
      }
      // A broken body or query is refused as such. Any other refusal (a taken slug: 409) means the
      // request got past validation, break and all. A broken path may name nothing instead (404).
      const refusedAsBroken =
        answer.status >= 400 &&
        (SHAPE_CODES.has(errorCode(answer)) || broken.kind === 'no-auth' || broken.where.startsWith('path:'));
      if (!refusedAsBroken) problems.push(`[accepts-${broken.kind}] ${label}: ${detail}`);
    }
  }

  it.each(OPERATIONS)(
    '$operationId ($method $path)',
    async (operation) => {
      const problems: string[] = [];
      const runs = RUNS_BY_OPERATION[operation.operationId] ?? RUNS;
      const accepted = await sendValid(operation, runs, problems);
      // Broken from a request the server accepts, so that the break is the one thing to refuse: a
      // fresh example first (a drawn request sent again may now find its slug taken).
      const base = (await app.example(operation.operationId)) ?? accepted[0] ?? (await draw(operation, runs));
      await sendBroken(operation, base, problems);
      expect(problems, problems.join('\n')).toEqual([]);
    },
    60_000,
  );
});
