import type { Request, Response } from 'express';
import type { AuditActor, AuditService } from '../services/audit.service';
import { actorOf, auditActorOf } from './auth';

/** The records whose changes the routes of links, posts and categories write to the audit log. */
export type ChangedType = 'link' | 'post' | 'category' | 'folder';

/**
 * Fields whose turning on is an event of its own besides the change: publishing a post is what a
 * Contributor may not do, so whoever did it is worth finding at a glance.
 */
const SWITCHED_ON: Partial<Record<ChangedType, Readonly<Record<string, string>>>> = {
  post: { published: 'post.published' },
};

/**
 * A guest's link (no token) is recorded as the guest's, without an address: the site tells its
 * visitors that their address is never written to its database.
 */
const GUEST: AuditActor = { userId: null, label: 'guest', ip: '' };

/** What the log reads of a request: the address it came from. */
type From = Pick<Request, 'ip'>;

/** A record as the API answers it, with the fields a change is compared on. */
type Answered = { id: number } & object;

/**
 * Names of the fields of `body` (a change as the route parsed it) whose stored value differs between
 * `before` and `after`: only names ever reach the log. A field the answers do not show (none today)
 * counts as changed whenever it is sent, since nobody can tell.
 */
export function changedFields(body: object, before: object | null | undefined, after: object): string[] {
  const was = before as Record<string, unknown> | null | undefined;
  const is = after as Record<string, unknown>;
  return Object.keys(body).filter(
    (name) => !was || !(name in was) || !(name in is) || JSON.stringify(was[name]) !== JSON.stringify(is[name]),
  );
}

/** A bulk change of links as the route hands it on: the links it changed or deleted. */
export interface BulkChange {
  action: string;
  /** The links changed, as answered after the change. */
  updated: readonly Answered[];
  /** The ids of the links deleted. */
  deleted: readonly number[];
  /** The fields the action set on each of `updated`. */
  fields: readonly string[];
}

export interface ChangeLog {
  created(req: From, res: Response, type: ChangedType, record: Answered): Promise<void>;
  /** Nothing is recorded when nothing changed (a form saved as it was). */
  updated(
    req: From,
    res: Response,
    type: ChangedType,
    change: { body: object; before: object | null | undefined; after: Answered },
  ): Promise<void>;
  deleted(req: From, res: Response, type: ChangedType, id: number): Promise<void>;
  /** One event per import, whatever its size: the target id is the number of links imported. */
  imported(req: From, res: Response, count: number): Promise<void>;
  /**
   * One event per bulk change, whatever its size (as an import): `links.bulk.<action>`, the target id
   * the number of links changed. Nothing is recorded when none changed.
   */
  bulkChanged(req: From, res: Response, change: BulkChange): Promise<void>;
}

/**
 * Records the changes the routes make, each in one line of its route, as the caller who made it:
 * the person (and the key acting for them) with their address. Clicks and reads record nothing.
 */
export function changeLog(audit: AuditService): ChangeLog {
  const actor = (req: From, res: Response) => (actorOf(res) ? auditActorOf(req, res) : GUEST);
  /** The switches of `type` that are on in `after` and were not in `before`. */
  const switchedOn = (type: ChangedType, before: object | null | undefined, after: object) =>
    Object.entries(SWITCHED_ON[type] ?? {}).flatMap(([field, action]) =>
      (after as Record<string, unknown>)[field] === true && (before as Record<string, unknown> | null)?.[field] !== true
        ? [action]
        : [],
    );
  return {
    async created(req, res, type, record) {
      const who = actor(req, res);
      await audit.record(who, { action: `${type}.created`, targetType: type, targetId: record.id });
      for (const action of switchedOn(type, null, record)) {
        await audit.record(who, { action, targetType: type, targetId: record.id });
      }
    },
    async updated(req, res, type, { body, before, after }) {
      const who = actor(req, res);
      const fields = changedFields(body, before, after);
      if (fields.length > 0) {
        await audit.record(who, { action: `${type}.updated`, targetType: type, targetId: after.id, fields });
      }
      for (const action of switchedOn(type, before, after)) {
        await audit.record(who, { action, targetType: type, targetId: after.id });
      }
    },
    deleted: (req, res, type, id) =>
      audit.record(actor(req, res), { action: `${type}.deleted`, targetType: type, targetId: id }),
    imported: (req, res, count) =>
      audit.record(actor(req, res), {
        action: 'links.imported',
        targetType: 'link',
        targetId: count,
        fields: ['count'],
      }),
    bulkChanged: async (req, res, { action, updated, deleted }) => {
      const count = updated.length + deleted.length;
      if (count === 0) return;
      await audit.record(actor(req, res), {
        action: `links.bulk.${action}`,
        targetType: 'link',
        targetId: count,
        fields: ['count'],
      });
    },
  };
}
