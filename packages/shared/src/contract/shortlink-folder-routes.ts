/**
 * Folders of links and bulk changes of many links. Folders are shared by the team: anyone who may
 * read links sees them; creating, renaming and deleting one takes the `links:write` permission
 * with the reach of all links (an Author's reach is their own links, and a folder holds others').
 */
import { ENDPOINTS } from '../endpoints';
import {
  SHORTLINK_BULK_LIMITS,
  SHORTLINK_FOLDER_LIMITS,
  type ShortlinkBulkResponse,
  type ShortlinkFolder,
  type ShortlinkFoldersResponse,
} from '../shortlink-folders';
import { ZShortlinkBulkBody, ZShortlinkFolderIdParams, ZShortlinkFolderInput } from '../shortlink-bulk.schemas';
import { z } from '../zod';
import { exactly } from './responses';
import { route } from './route';

export const ZShortlinkFolder = exactly<ShortlinkFolder>()(
  z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      createdAt: z.string().meta({ description: 'ISO 8601 date-time, UTC', format: 'date-time' }),
      links: z.number().int().min(0).meta({ description: 'Links in it' }),
    })
    .meta({ id: 'ShortlinkFolder' }),
);

export const ZShortlinkFoldersResponse = exactly<ShortlinkFoldersResponse>()(
  z.object({ folders: z.array(ZShortlinkFolder) }),
);

export const ZShortlinkBulkResponse = exactly<ShortlinkBulkResponse>()(
  z.object({
    changed: z.number().int().min(0).meta({ description: 'Links the action changed' }),
    matched: z.number().int().min(0).meta({ description: 'Links it reached (the ids, or the filter’s matches)' }),
  }),
);

export const SHORTLINK_FOLDER_API = {
  shortlinkBulk: route({
    ...ENDPOINTS.shortlinkBulk,
    tag: 'Shortlinks',
    summary: 'Tag, untag, move, archive, unarchive, delete or set the expiry of many links: all or none',
    description:
      'The links are `ids` (1 to 1000) or `filter` (the list’s query: q, tag, createdBy, status, folder, archived), ' +
      'never both (FIELDS_CONFLICT). More than 1000 links, named or matched, is BULK_TOO_MANY. ' +
      'An id that names no link refuses the whole request (BULK_LINK_NOT_FOUND). `setExpiry` sets each ' +
      'link’s validUntil (null: no end); a link whose validFrom is not earlier refuses it whole ' +
      '(FIELDS_CONFLICT). Changed links are told to webhooks as `link.updated` (`link.deleted` for a ' +
      'delete), one event per link. A caller whose reach is ' +
      'their own links (an Author) is refused whole (FORBIDDEN) when an id names another person’s link; ' +
      'their filter reaches their own links only.',
    auth: 'admin',
    permission: { permission: 'links:write', reach: 'own' },
    body: { schema: ZShortlinkBulkBody },
    response: { status: 200, description: 'How many links changed', schema: ZShortlinkBulkResponse },
    errors: ['FIELDS_CONFLICT', 'BULK_LINK_NOT_FOUND', 'BULK_TOO_MANY', 'UNKNOWN_FOLDER'],
    limits: [`Up to ${SHORTLINK_BULK_LIMITS.links} links, by id or by filter`],
  }),
  shortlinkFolderList: route({
    ...ENDPOINTS.shortlinkFolderList,
    tag: 'Shortlinks',
    summary: 'Every folder, by name, with its link count',
    auth: 'admin',
    permission: { permission: 'links:read', reach: 'own' },
    response: { status: 200, description: 'The folders', schema: ZShortlinkFoldersResponse },
    errors: [],
  }),
  shortlinkFolderCreate: route({
    ...ENDPOINTS.shortlinkFolderCreate,
    tag: 'Shortlinks',
    summary: 'Create a folder',
    auth: 'admin',
    permission: { permission: 'links:write' },
    body: { schema: ZShortlinkFolderInput },
    response: { status: 201, description: 'The new folder', schema: ZShortlinkFolder },
    errors: ['VALIDATION', 'FOLDER_NAME_TAKEN', 'FOLDER_LIMIT_REACHED'],
    limits: [
      `Names up to ${SHORTLINK_FOLDER_LIMITS.name} characters, unique whatever their case`,
      `Up to ${SHORTLINK_FOLDER_LIMITS.folders} folders`,
    ],
  }),
  shortlinkFolderUpdate: route({
    ...ENDPOINTS.shortlinkFolderUpdate,
    tag: 'Shortlinks',
    summary: 'Rename a folder',
    auth: 'admin',
    permission: { permission: 'links:write' },
    params: ZShortlinkFolderIdParams,
    body: { schema: ZShortlinkFolderInput },
    response: { status: 200, description: 'The renamed folder', schema: ZShortlinkFolder },
    errors: ['VALIDATION', 'FOLDER_NOT_FOUND', 'FOLDER_NAME_TAKEN'],
  }),
  shortlinkFolderDelete: route({
    ...ENDPOINTS.shortlinkFolderDelete,
    tag: 'Shortlinks',
    summary: 'Delete a folder; its links move to no folder (none is deleted)',
    auth: 'admin',
    permission: { permission: 'links:write' },
    params: ZShortlinkFolderIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['FOLDER_NOT_FOUND'],
  }),
};
