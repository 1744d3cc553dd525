/**
 * Folders and bulk changes: the bodies of the folder routes and of `POST /api/shortlinks/bulk`.
 */
import { z } from './zod';
import { CONFLICT_PARAMS, positiveIdParameter, requiredText, TOO_MANY_PARAMS } from './text.schemas';
import { RULE_MESSAGES } from './shortlink-rules';
import {
  SHORTLINK_BULK_ACTIONS,
  SHORTLINK_BULK_LIMITS,
  SHORTLINK_FOLDER_LIMITS,
  SHORTLINK_FOLDER_MESSAGES,
} from './shortlink-folders';
import { SHORTLINK_LIMITS } from './shortlinks';
import { ZFolderId, ZShortlinkListQuery } from './shortlinks.schemas';

/** `POST /api/shortlinks/folders` and `PUT …/folders/:id`: the folder's name. */
export const ZShortlinkFolderInput = z.strictObject(
  { name: requiredText(SHORTLINK_FOLDER_MESSAGES.nameRequired, SHORTLINK_FOLDER_LIMITS.name, 'Folder name') },
  { error: SHORTLINK_FOLDER_MESSAGES.nameRequired },
);
export type ShortlinkFolderInput = z.output<typeof ZShortlinkFolderInput>;

export const ZShortlinkFolderIdParams = z.object({ id: positiveIdParameter('Folder id must be a positive integer') });
export type ShortlinkFolderIdParams = z.output<typeof ZShortlinkFolderIdParams>;

/** The tags of a tag or untag action: 1 to the per-link maximum, each as a link's tag is. */
const ZBulkTags = z
  .array(requiredText('Each tag must be non-blank text', SHORTLINK_LIMITS.tag, 'Each tag'), {
    error: 'tags must be a list of text',
  })
  .min(1, { error: 'tags must name at least one tag' })
  .max(SHORTLINK_LIMITS.tags, { error: `At most ${SHORTLINK_LIMITS.tags} tags are allowed` });

/**
 * The document's rendering of the action: zod writes a discriminated union as an object type with
 * `oneOf` members, which reads as one object that declares no properties (so any field would seem
 * welcome). Its members are the objects, each closed to other fields: the union is listed as those
 * alternatives alone. They exclude one another by their `type`, so `anyOf` says the same as `oneOf`.
 */
function asAlternatives({ jsonSchema }: { jsonSchema: Record<string, unknown> }) {
  const members = jsonSchema.oneOf ?? jsonSchema.anyOf;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = members;
}

/**
 * A setExpiry's new end of the links' window: an instant with a zone, stored as UTC like a link's
 * own validUntil (shortlink-rules.schemas.ts), or null to take the end away. Required: leaving it
 * out is not taken to mean "no end".
 */
const ZBulkValidUntil = z
  .union([z.iso.datetime({ error: RULE_MESSAGES.invalidUntil, offset: true }), z.null()], {
    error: RULE_MESSAGES.invalidUntil,
  })
  .transform((value) => (value === null ? null : new Date(value).toISOString()))
  .meta({
    description:
      "The links' new validUntil: ISO 8601 date-time with Z or an offset, stored in UTC; null: no end. " +
      'A link whose validFrom is not earlier refuses the whole change (FIELDS_CONFLICT).',
  });

/**
 * What a bulk change does, one member per kind. A new kind is one more member here and one more
 * case in the repository's switch (shortlink-bulk.repo.ts).
 */
export const ZShortlinkBulkAction = z
  .discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('tag'), tags: ZBulkTags }),
      z.strictObject({ type: z.literal('untag'), tags: ZBulkTags }),
      z.strictObject({ type: z.literal('move'), folderId: ZFolderId }),
      z.strictObject({ type: z.literal('archive') }),
      z.strictObject({ type: z.literal('unarchive') }),
      z.strictObject({ type: z.literal('delete') }),
      z.strictObject({ type: z.literal('setExpiry'), validUntil: ZBulkValidUntil }),
    ],
    { error: `action.type must be one of ${SHORTLINK_BULK_ACTIONS.join(', ')}` },
  )
  .meta({ override: asAlternatives });
export type ShortlinkBulkAction = z.output<typeof ZShortlinkBulkAction>;

const idsMessage = 'ids must be a list of link ids';
const { links: MAX_LINKS } = SHORTLINK_BULK_LIMITS;

/**
 * The list's own query (GET /api/shortlinks), as the manager sends it: which links a filter reaches.
 * The status too, so that "all matching" is exactly the links the list shows.
 */
export const ZShortlinkBulkFilter = ZShortlinkListQuery.pick({
  q: true,
  tag: true,
  createdBy: true,
  status: true,
  folder: true,
  archived: true,
}).strict();
export type ShortlinkBulkFilter = z.output<typeof ZShortlinkBulkFilter>;

/**
 * The ids of a bulk change: 1 to MAX_LINKS. More than that answers BULK_TOO_MANY, as a filter that
 * matches more does, rather than a plain VALIDATION: the client's fix is the same (fewer links at
 * once). The document still declares the bound, as maxItems.
 */
const ZBulkIds = z
  .array(
    z
      .number({ error: idsMessage })
      .int({ error: idsMessage })
      .positive({ error: idsMessage })
      .max(Number.MAX_SAFE_INTEGER, { error: idsMessage }),
    { error: idsMessage },
  )
  .min(1, { error: 'ids must name at least one link' })
  .superRefine((ids, ctx) => {
    if (ids.length > MAX_LINKS) {
      ctx.addIssue({
        code: 'custom',
        params: TOO_MANY_PARAMS,
        message: `ids may name at most ${MAX_LINKS} links at once; nothing was changed`,
      });
    }
  })
  .meta({
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.maxItems = MAX_LINKS;
    },
  });

/** `POST /api/shortlinks/bulk`: the links (ids, or a filter), and the action. */
export const ZShortlinkBulkBody = z
  .strictObject(
    {
      ids: ZBulkIds.optional(),
      filter: ZShortlinkBulkFilter.optional(),
      action: ZShortlinkBulkAction,
    },
    { error: 'The body must be an object with ids or filter, and action' },
  )
  .superRefine((body, ctx) => {
    // Two ways of naming the links: exactly one of them, so the links reached are never a guess.
    if ((body.ids === undefined) === (body.filter === undefined)) {
      ctx.addIssue({ code: 'custom', params: CONFLICT_PARAMS, message: 'Give either ids or filter (one of them)' });
    }
  })
  .meta({ description: 'Exactly one of ids and filter (FIELDS_CONFLICT otherwise), and the action.' });
export type ShortlinkBulkBody = z.output<typeof ZShortlinkBulkBody>;
export type ShortlinkBulkBodyInput = z.input<typeof ZShortlinkBulkBody>;
