/**
 * Folders and bulk changes: the bodies of the folder routes and of `POST /api/shortlinks/bulk`.
 */
import { z } from './zod';
import { positiveIdParameter, requiredText, text } from './text.schemas';
import { SHORTLINK_BULK_LIMITS, SHORTLINK_FOLDER_LIMITS, SHORTLINK_FOLDER_MESSAGES } from './shortlink-folders';
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
  .array(
    text('Each tag must be text')
      .trim()
      .min(1, { error: 'Each tag must be text' })
      .max(SHORTLINK_LIMITS.tag, { error: `Each tag must be at most ${SHORTLINK_LIMITS.tag} characters` }),
    { error: 'tags must be a list of text' },
  )
  .min(1, { error: 'tags must name at least one tag' })
  .max(SHORTLINK_LIMITS.tags, { error: `At most ${SHORTLINK_LIMITS.tags} tags are allowed` });

/**
 * What a bulk change does, one member per kind. A new kind (say `setExpiry` with a validUntil) is
 * one more member here and one more case in the repository's switch (shortlink-bulk.repo.ts).
 */
export const ZShortlinkBulkAction = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('tag'), tags: ZBulkTags }),
    z.strictObject({ type: z.literal('untag'), tags: ZBulkTags }),
    z.strictObject({ type: z.literal('move'), folderId: ZFolderId }),
    z.strictObject({ type: z.literal('archive') }),
    z.strictObject({ type: z.literal('unarchive') }),
    z.strictObject({ type: z.literal('delete') }),
  ],
  { error: 'action.type must be one of tag, untag, move, archive, unarchive, delete' },
);
export type ShortlinkBulkAction = z.output<typeof ZShortlinkBulkAction>;

const idsMessage = `ids must be a list of 1 to ${SHORTLINK_BULK_LIMITS.links} link ids`;

/** The list's own query (GET /api/shortlinks), as the manager sends it: which links a filter reaches. */
export const ZShortlinkBulkFilter = ZShortlinkListQuery.pick({
  q: true,
  tag: true,
  createdBy: true,
  folder: true,
  archived: true,
}).strict();
export type ShortlinkBulkFilter = z.output<typeof ZShortlinkBulkFilter>;

/** `POST /api/shortlinks/bulk`: the links (ids, or a filter), and the action. */
export const ZShortlinkBulkBody = z
  .strictObject(
    {
      ids: z
        .array(
          z
            .number({ error: idsMessage })
            .int({ error: idsMessage })
            .positive({ error: idsMessage })
            .max(Number.MAX_SAFE_INTEGER, { error: idsMessage }),
          { error: idsMessage },
        )
        .min(1, { error: idsMessage })
        .max(SHORTLINK_BULK_LIMITS.links, { error: idsMessage })
        .optional(),
      filter: ZShortlinkBulkFilter.optional(),
      action: ZShortlinkBulkAction,
    },
    { error: 'The body must be an object with ids or filter, and action' },
  )
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: 'Give either ids or filter, not both',
  });
export type ShortlinkBulkBody = z.output<typeof ZShortlinkBulkBody>;
export type ShortlinkBulkBodyInput = z.input<typeof ZShortlinkBulkBody>;
