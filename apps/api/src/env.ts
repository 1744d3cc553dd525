import path from 'node:path';
import { z } from 'zod';
import { ZAdminLogin } from '@toolvault/shared/schemas';
import { SERVER_LIMITS } from './http/server-limits';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Absolute path of the folder that holds toolvault.db. */
  dataDir: string;
  adminPassword?: string;
  jwtSecret?: string;
  /** PostgreSQL instead of the embedded SQLite database, for several replicas. */
  databaseUrl?: string;
  /** Redis for the rate-limit counters that several replicas share. */
  redisUrl?: string;
  /** Put before every Redis key; derived from the database when unset (counters/index.ts). */
  redisKeyPrefix?: string;
  /** Number of reverse proxies in front of the app; 0 = the socket address is the client. */
  trustProxy: number;
  /** Open connections at most. */
  maxConnections: number;
  /** Open connections per client address (IPv6: per /56); 0 = no cap. Not applied behind a proxy. */
  maxConnectionsPerIp: number;
  logLevel: LogLevel;
  /** Raw click rows older than this many days are deleted (aggregates stay); unset keeps every row. */
  clickRetentionDays?: number;
  /** Audit events older than this many days are deleted. */
  auditRetentionDays: number;
  /** The site's public origin (`https://tools.example.org`), for every absolute URL the server writes. */
  publicUrl?: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may be sent to this host and private networks (a lab, an intranet). */
  webhookAllowPrivate?: boolean;
}

/** The origin absolute URLs are written with: PUBLIC_URL, else this machine's own address. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be an integer between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `${name} must be at least ${min}` })
        .max(max, { error: `${name} must be at most ${max}` }),
    );

// Login bodies are capped at this length, so a longer password could never be typed in.
const MAX_PASSWORD = ZAdminLogin.shape.password.maxLength ?? 1024;

const MIN_PASSWORD = 12;

const PUBLIC_URL_RULE = "PUBLIC_URL must be the site's origin, like https://tools.example.org (no path, query or user)";

/** An http(s) origin: scheme, host and optional port; a trailing slash is dropped. */
const ZPublicUrl = z.string().transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: PUBLIC_URL_RULE });
    return z.NEVER;
  }
  const plain = url.pathname === '/' && url.search === '' && url.hash === '' && !url.username && !url.password;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !plain) {
    ctx.addIssue({ code: 'custom', message: PUBLIC_URL_RULE });
    return z.NEVER;
  }
  return url.origin;
});

const ZEnv = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' })
    .default('development'),
  PORT: integer('PORT', 1, 65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  ADMIN_PASSWORD: z
    .string()
    // Long enough that guessing it online, even at the login's rate limit, is hopeless.
    .min(MIN_PASSWORD, { error: `ADMIN_PASSWORD must be at least ${MIN_PASSWORD} characters` })
    .max(MAX_PASSWORD, { error: `ADMIN_PASSWORD must be at most ${MAX_PASSWORD} characters` })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  TRUST_PROXY: integer('TRUST_PROXY', 0, 10).default(0),
  MAX_CONNECTIONS: integer('MAX_CONNECTIONS', 10, 100_000).default(SERVER_LIMITS.maxConnections),
  MAX_CONNECTIONS_PER_IP: integer('MAX_CONNECTIONS_PER_IP', 0, 100_000).default(SERVER_LIMITS.maxConnectionsPerClient),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(?:ql)?:\/\/\S+$/, { error: 'DATABASE_URL must be a postgres:// or postgresql:// URL' })
    .optional(),
  CLICK_RETENTION_DAYS: integer('CLICK_RETENTION_DAYS', 1, 36500).optional(),
  AUDIT_RETENTION_DAYS: integer('AUDIT_RETENTION_DAYS', 1, 36500).default(365),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, { error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { error: 'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or _ : . -' })
    .optional(),
  PUBLIC_URL: ZPublicUrl.optional(),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'WEBHOOK_ALLOW_PRIVATE must be true or false' })
    .default('false'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  INIT_CWD: z.string().optional(),
});

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses the environment once at start. Empty values count as unset (a bare
 * `PORT=` in a .env file). DATA_DIR is resolved against INIT_CWD, which pnpm
 * sets to where the command was typed, because `pnpm --filter` runs in apps/api.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    adminPassword: env.ADMIN_PASSWORD,
    jwtSecret: env.JWT_SECRET,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    trustProxy: env.TRUST_PROXY,
    maxConnections: env.MAX_CONNECTIONS,
    maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    clickRetentionDays: env.CLICK_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    publicUrl: env.PUBLIC_URL,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
}
