/**
 * What a route of the contract declares (method, path, auth and permission, inputs, answers, limits)
 * and the one helper that builds a route, shared by every file of routes.
 */
import type { ApiErrorCode } from '../api';
import type { RoutePermission } from '../roles';
import type { HttpMethod } from '../endpoints';
import type { z } from '../zod';

export type { HttpMethod };

/**
 * public: anyone. admin: `Authorization: Bearer <token>` of an open session or an API key, else 401;
 * then the route's permission, else 403. admin-optional: anyone, and more for a signed-in caller
 * (drafts, the full shortlink form); a token that is sent but invalid still answers 401, so an
 * expired session is noticed.
 */
export type RouteAuth = 'public' | 'admin' | 'admin-optional';

const MINUTE = 60_000;

/** A per-client request budget; the key is the client address (TRUST_PROXY decides which hop). */
export interface RateLimit {
  windowMs: number;
  limit: number;
  /** The code of the 429 once the budget is spent (with Retry-After). */
  code: ApiErrorCode;
  /** Only failed requests count (logins). */
  failuresOnly?: boolean;
  /** Routes sharing a budget name share one count. */
  name: string;
}

/**
 * The rate limits. Login: brute force must fail, so 5 failed logins per 15 minutes (successes do not
 * count). Contact: 5 messages per 10 minutes. IP lookups answer from a local database, but a client
 * has no use for more than 60 a minute. Speed test transfers (downloads up to 50 MB, uploads up to
 * 10 MB) share one budget: a full run of the page's test makes about 115 over loopback (fewer on a
 * real link), so 400 in 10 minutes lets three runs through and stops a client pulling data in a loop;
 * ping is tiny and unlimited.
 */
export const RATE_LIMITS = {
  login: { name: 'login', windowMs: 15 * MINUTE, limit: 5, code: 'LOGIN_THROTTLED', failuresOnly: true },
  contact: { name: 'contact', windowMs: 10 * MINUTE, limit: 5, code: 'CONTACT_THROTTLED' },
  ipLookup: { name: 'ip', windowMs: MINUTE, limit: 60, code: 'RATE_LIMITED' },
  speedtestTransfer: { name: 'speedtest', windowMs: 10 * MINUTE, limit: 400, code: 'RATE_LIMITED' },
  /**
   * Failed password changes: a session someone else got hold of must not guess the password faster
   * than the login lets them (5 per 15 minutes per address, like the login's own budget).
   */
  passwordChange: {
    name: 'password-change',
    windowMs: 15 * MINUTE,
    limit: 5,
    code: 'RATE_LIMITED',
    failuresOnly: true,
  },
  /** Per API key, not per address: the default of a key's own requests-per-minute budget. */
  apiKey: { name: 'api-key', windowMs: MINUTE, limit: 60, code: 'RATE_LIMITED' },
  /**
   * Failed logins per account, besides login's per address: the same answer whether it exists or not.
   * Twice the per-address budget, so one address alone cannot lock a person out.
   */
  /**
   * Accepting invitations, per address: each makes an account and hashes its password (slow on
   * purpose), so a client gets a few tries (a login taken, a typo) and no more.
   */
  invitationAccept: { name: 'invitation-accept', windowMs: 15 * MINUTE, limit: 10, code: 'RATE_LIMITED' },
  /**
   * Wrong passwords of password links, per address and, with linkUnlockPerLink, per link: 10 per 15
   * minutes each, shared by every replica, so neither one client nor many addresses together guess a
   * link's password quickly. Right passwords do not count, so visitors who know it are never held up.
   */
  linkUnlock: { name: 'link-unlock', windowMs: 15 * MINUTE, limit: 10, code: 'RATE_LIMITED', failuresOnly: true },
  linkUnlockPerLink: {
    name: 'link-unlock-link',
    windowMs: 15 * MINUTE,
    limit: 10,
    code: 'RATE_LIMITED',
    failuresOnly: true,
  },
  loginAccount: {
    name: 'login-account',
    windowMs: 15 * MINUTE,
    limit: 10,
    code: 'LOGIN_THROTTLED',
    failuresOnly: true,
  },
} as const satisfies Record<string, RateLimit>;

/** JSON bodies above this are refused with 413, unless a route declares its own limit. */
export const JSON_BODY_LIMIT = '100kb';

export interface RouteBody {
  schema: z.ZodType;
  /** What the admin may send instead (admin-optional routes). */
  adminSchema?: z.ZodType;
  /** application/json unless said otherwise. */
  contentType?: string;
  /** Largest body (express.json syntax); JSON_BODY_LIMIT when absent. */
  limit?: string;
  /** The handler reads and checks the body itself (row by row, or as a stream), not a validator before it. */
  checkedByHandler?: true;
}

export interface RouteResponse {
  status: 200 | 201 | 204;
  description: string;
  /** Absent for 204. */
  schema?: z.ZodType;
  /** application/json unless said otherwise; a route may answer several (the export: JSON or CSV). */
  contentType?: string | readonly string[];
}

/** An answer that is not the route's JSON (the click route's page and redirect), documented beside it. */
export interface RouteOtherAnswer {
  status: 200 | 302 | 404 | 410;
  description: string;
  /** The body's type; absent: no body. */
  contentType?: string;
  /** Response headers that matter, by name: what each holds. */
  headers?: Readonly<Record<string, string>>;
}

export interface RouteContract {
  method: HttpMethod;
  /** Express syntax: `/api/blog/:id`. */
  path: string;
  /** The group the reference lists it under. */
  tag: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  /** What a signed-in caller (person or key) needs; absent only on public routes. */
  permission?: RoutePermission;
  params?: z.ZodObject;
  /**
   * Path parameters that do not parse answer this instead of VALIDATION (an address that names
   * nothing). A route answered before the router has no validator: a path it does not take falls
   * through to the rest of the app, which answers this.
   */
  invalidParams?: ApiErrorCode;
  query?: z.ZodObject;
  body?: RouteBody;
  response: RouteResponse;
  /** The codes this route answers of its own; see routeErrors for all of them. */
  errors: readonly ApiErrorCode[];
  rateLimit?: RateLimit;
  /** Page-size caps, body limits and the like, in words. */
  limits?: readonly string[];
  /** Answered before the Express router runs (the redirect page's hot path), so it has no router entry. */
  beforeRouter?: true;
  /** Answers besides `response` and the JSON errors. */
  otherAnswers?: readonly RouteOtherAnswer[];
}

/**
 * Every route that is not public names the permission it needs (roles.ts): a route cannot be added
 * that forgets it, and the role × route matrix test checks each one against every role and scope.
 */
type AuthDeclaration =
  { auth: 'public'; permission?: undefined } | { auth: 'admin' | 'admin-optional'; permission: RoutePermission };

export const route = <const R extends RouteContract & AuthDeclaration>(contract: R): R => contract;
