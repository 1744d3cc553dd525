import {
  API_ERRORS,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  withRuleDefaults,
  type ImportDryRunResponse,
  type ImportProblem,
  type ImportShortlinksResponse,
  type OwnOrigin,
  type ShortlinkImportRow,
} from '@toolvault/shared';
import { requestIssue, ZImportDryRunRow, ZShortlinkImportRow } from '@toolvault/shared/schemas';
import type { z } from 'zod';
import type { NewShortlink, ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import { ok } from '../lib/result';
import { timeSlices, yieldToEventLoop } from '../event-loop';
import type { createCodeDrawer } from './shortlink-codes';
import { IMPORT_SLICE_MS } from './shortlink-codes';
import type { ShortlinkFailure, ShortlinkResult } from './shortlink-failure';

const IMPORT_ROW_NOT_OBJECT = 'Each row must be an object with title and targetUrl';

/** A problem of one row and the error code the import answers it with. */
type RowProblem = ImportProblem & { code: Exclude<ShortlinkFailure, { code: 'GUEST_RATE_LIMITED' }>['code'] };

/** What the check of a whole body found: the parsed rows, and every problem of any of them. */
interface ImportCheck {
  inputs: ShortlinkImportRow[];
  /** The first problem the import answers with, found as it always looked: row by row, then the stored codes. */
  first: RowProblem | null;
  /**
   * The first row the dry run refuses too, for its form rather than its values (ZImportDryRunRow):
   * no object, an unknown field, a field holding an object, text with control characters.
   */
  refusal: RowProblem | null;
  problems: RowProblem[];
  /** Rows with at least one problem. */
  badRows: number;
  /** The row index of each code the file supplies (its first row). */
  suppliedAt: Map<string, number>;
}

export interface ShortlinkImportDeps {
  shortlinks: ShortlinksRepo;
  clock: Clock;
  codes: Pick<ReturnType<typeof createCodeDrawer>, 'takenCodes' | 'generateCodes'>;
  /** The refusal of a row whose target or fallback leads back to this server, or null. */
  selfLinks: (
    input: { targetUrl: string; fallbackUrl: string | null },
    own: OwnOrigin,
  ) => { code: 'SHORTLINK_SELF_LINK' | 'SHORTLINK_OWN_ADDRESS' } | null;
}

const fail = (error: ShortlinkFailure): { ok: false; error: ShortlinkFailure } => ({ ok: false, error });

/** The field a path starts with, when it names one. */
const fieldOf = (path: readonly PropertyKey[]): string | undefined =>
  typeof path[0] === 'string' ? path[0] : undefined;

/**
 * Each field's problem in a row that does not parse, in the words the import answers with: the
 * issues grouped by the field they are in (a row's unknown fields are one problem of the row), the
 * first of each group named. A row of thousands of bad tags is still one problem of `tags`.
 */
function rowIssues(row: number, issues: readonly z.core.$ZodIssue[]): RowProblem[] {
  const groups = new Map<string | undefined, z.core.$ZodIssue[]>();
  for (const issue of issues) {
    const field = issue.code === 'unrecognized_keys' ? undefined : fieldOf(issue.path);
    const group = groups.get(field);
    if (group) group.push(issue);
    else groups.set(field, [issue]);
  }
  return [...groups].map(([field, group]) => {
    const { code, issue, message } = requestIssue(group);
    return {
      row,
      ...(field === undefined ? {} : { field }),
      message: message ?? issue?.message ?? 'Invalid row',
      code,
    };
  });
}

/**
 * Why a row's form is refused: the code of its own (INVALID_CHARACTERS, UNKNOWN_FIELDS) with the
 * field named, or a field holding something no field takes (an object), as VALIDATION.
 */
function formProblem(row: number, issues: readonly z.core.$ZodIssue[]): RowProblem {
  const { code, issue, message } = requestIssue(issues);
  const field = issue === undefined ? undefined : fieldOf(issue.path);
  if (message !== null) return { row, ...(field === undefined ? {} : { field }), message, code };
  const name = field ?? 'Each field';
  return { row, field, message: `${name} must be text, a number, true, false, null or a list of those`, code };
}

/**
 * The import and its dry run: one check of every row (shape, codes repeated in the file or already
 * stored, links back to this site, the rules' window), then either the answer of the dry run, or all
 * rows inserted in one transaction, or nothing and the first problem.
 */
export function createShortlinkImport({ shortlinks, clock, codes, selfLinks }: ShortlinkImportDeps) {
  const check = async (body: unknown, own: OwnOrigin): Promise<ShortlinkResult<ImportCheck>> => {
    if (!Array.isArray(body)) return fail({ code: 'SHORTLINK_IMPORT_INVALID' });
    if (body.length > SHORTLINK_LIMITS.importRows) {
      return fail({
        code: 'VALIDATION',
        message: `At most ${SHORTLINK_LIMITS.importRows} shortlinks can be imported at once`,
      });
    }
    const inputs: ShortlinkImportRow[] = [];
    const problemsAt = new Map<number, RowProblem[]>();
    const note = (index: number, problem: RowProblem) => {
      const listed = problemsAt.get(index);
      if (listed) listed.push(problem);
      else problemsAt.set(index, [problem]);
    };
    let first: RowProblem | null = null;
    let refusal: RowProblem | null = null;
    const suppliedAt = new Map<string, number>();
    /** The row index and folder of each parsed row that names a folder. */
    const folderRows: [number, number][] = [];
    const slice = timeSlices(IMPORT_SLICE_MS);
    for (const [index, raw] of body.entries()) {
      // Checking 10,000 rows takes a few hundred milliseconds: other requests run between slices.
      await slice();
      const row = index + 1;
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        const problem: RowProblem = { row, message: IMPORT_ROW_NOT_OBJECT, code: 'VALIDATION' };
        first ??= problem;
        refusal ??= problem;
        note(index, problem);
        continue;
      }
      if (refusal === null) {
        const form = ZImportDryRunRow.safeParse(raw);
        if (!form.success) refusal = formProblem(row, form.error.issues);
      }
      const parsed = ZShortlinkImportRow.safeParse(raw);
      if (!parsed.success) {
        // The import names the issue a single-link request would answer with; the dry run every field's.
        const { code, issue, message } = requestIssue(parsed.error.issues);
        first ??= { row, message: message ?? issue?.message ?? 'Invalid row', code };
        for (const problem of rowIssues(row, parsed.error.issues)) note(index, problem);
        continue;
      }
      const input = parsed.data;
      if (input.folderId != null) folderRows.push([index, input.folderId]);
      const refused = selfLinks(input, own);
      if (refused) {
        const field = selfLinks({ ...input, fallbackUrl: null }, own) ? 'targetUrl' : 'fallbackUrl';
        const problem: RowProblem = { row, field, message: API_ERRORS[refused.code].message, code: refused.code };
        first ??= problem;
        note(index, problem);
      }
      if (input.shortCode !== undefined) {
        if (suppliedAt.has(input.shortCode)) {
          const problem: RowProblem = {
            row,
            field: 'shortCode',
            message: SHORTLINK_MESSAGES.shortCodeTaken,
            code: 'SHORT_CODE_TAKEN',
          };
          first ??= problem;
          note(index, problem);
        } else {
          suppliedAt.set(input.shortCode, index);
        }
      }
      inputs.push(input);
    }
    const stored = await codes.takenCodes([...suppliedAt.keys()]);
    const takenRows = [...stored].map((code) => suppliedAt.get(code)!).sort((a, b) => a - b);
    for (const index of takenRows) {
      const problem: RowProblem = {
        row: index + 1,
        field: 'shortCode',
        message: SHORTLINK_MESSAGES.shortCodeTaken,
        code: 'SHORT_CODE_TAKEN',
      };
      first ??= problem;
      note(index, problem);
    }
    // A folder is named by its id, which only this installation knows: one that names none refuses the row.
    const folders = await shortlinks.existingFolders([...new Set(folderRows.map(([, folder]) => folder))]);
    for (const [index, folder] of folderRows) {
      if (folders.has(folder)) continue;
      const problem: RowProblem = {
        row: index + 1,
        field: 'folderId',
        message: API_ERRORS.UNKNOWN_FOLDER.message,
        code: 'UNKNOWN_FOLDER',
      };
      first ??= problem;
      note(index, problem);
    }
    const problems = [...problemsAt].sort(([a], [b]) => a - b).flatMap(([, listed]) => listed);
    return ok({ inputs, first, refusal, problems, badRows: problemsAt.size, suppliedAt });
  };

  return {
    /** What the import of `body` would answer, row by row; writes nothing. */
    async dryRun(body: unknown, own: OwnOrigin): Promise<ShortlinkResult<ImportDryRunResponse>> {
      const checked = await check(body, own);
      if (!checked.ok) return checked;
      const { problems, badRows, inputs, refusal } = checked.value;
      if (refusal) return fail({ code: refusal.code, message: `Row ${refusal.row}: ${refusal.message}` });
      const rows = (body as unknown[]).length;
      const listed = problems.map(({ code: _code, ...problem }) => problem);
      // The ceiling of all links' clicks is the one check the insert makes: the dry run makes it
      // against the totals of now, at the row whose count takes the sum past it.
      const fileClicks = inputs.reduce((sum, input) => sum + (input.clickCount ?? 0), 0);
      if (problems.length === 0 && fileClicks > 0) {
        let clicks = (await shortlinks.totals({ from: '', to: '' })).totalClicks;
        const overAt = inputs.findIndex(
          (input) => (clicks += input.clickCount ?? 0) > SHORTLINK_LIMITS.importedClicksTotal,
        );
        if (overAt !== -1) {
          listed.push({ row: overAt + 1, field: 'clickCount', message: SHORTLINK_MESSAGES.importClicksOverTotal });
          return ok({ valid: rows - 1, problems: listed });
        }
      }
      return ok({ valid: rows - badRows, problems: listed });
    },

    /** Every row inserted in one transaction, or none and the first problem found. */
    async importAll(
      body: unknown,
      own: OwnOrigin,
      importer: number,
    ): Promise<ShortlinkResult<ImportShortlinksResponse>> {
      const checked = await check(body, own);
      if (!checked.ok) return checked;
      const { inputs, first, suppliedAt } = checked.value;
      if (first) return fail({ code: first.code, message: `Row ${first.row}: ${first.message}` });
      const now = clock().toISOString();
      const drawn = await codes.generateCodes(inputs, new Set(suppliedAt.keys()));
      const links: NewShortlink[] = inputs.map((input, index) => ({
        shortCode: drawn[index]!,
        targetUrl: input.targetUrl,
        title: input.title,
        description: input.description,
        metaImage: input.metaImage,
        tags: input.tags,
        clickCount: input.clickCount ?? 0,
        // Normalised to UTC 'Z' form: analytics compare these as text.
        createdAt: input.createdAt === undefined ? now : new Date(input.createdAt).toISOString(),
        redirectMode: input.redirectMode,
        ...withRuleDefaults(input),
        createdBy: importer,
        folderId: input.folderId ?? null,
        archived: input.archived ?? false,
      }));
      const conflict = await shortlinks.insertAll(links, yieldToEventLoop);
      if (conflict && 'clickTotalFull' in conflict) {
        return fail({ code: 'VALIDATION', message: SHORTLINK_MESSAGES.importClicksOverTotal });
      }
      if (conflict) {
        return fail({
          code: 'SHORT_CODE_TAKEN',
          message: `Row ${conflict.takenAt + 1}: ${SHORTLINK_MESSAGES.shortCodeTaken}`,
        });
      }
      return ok({ imported: links.length });
    },
  };
}
