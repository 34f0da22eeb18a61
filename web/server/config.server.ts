// The only reader of process.env. Every variable (listed in .env.example) is validated here at
// start, so that a bad value stops the server with a message that names the variable.
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalString,
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    TEAM_ACCESS_CODE: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'must be exactly 4 digits')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ACCESS_CODES: z
      .string()
      .trim()
      .transform((v) =>
        v
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^[A-Z0-9]{5}$/, 'each code must be 5 letters or digits')))
      .optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().trim().default('Bewegungscoaching <no-reply@localhost>'),
    TEAM_NOTIFY_EMAIL: z
      .email()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where an applicant's reply to a decision mail goes (its Reply-To); unset: TEAM_NOTIFY_EMAIL. */
    DECISION_MAIL_REPLY_TO: z
      .email()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SANITY_PROJECT_ID: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'must be a Sanity project id (lowercase letters, digits, dashes)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SANITY_DATASET: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]+$/)
      .default('production'),
    SANITY_API_TOKEN: optionalString,
    SANITY_WEBHOOK_SECRET: optionalString,
    SANITY_API_HOST: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** A Viewer token: read drafts for the preview and check the Studio's preview secrets. Server only. */
    SANITY_API_READ_TOKEN: optionalString,
    /** Where the Studio runs (its origin, optionally with a base path): the only page that may frame the preview. */
    SANITY_STUDIO_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    CONTENT_DIR: z.string().trim().min(1).default('./content'),
    IMAGE_CACHE_DIR: z.string().trim().min(1).default('./.cache/images'),
    /** How many reverse proxies stand in front (`true` = 1): Express's `trust proxy` (app/app.server.ts). */
    TRUST_PROXY: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(true|false|yes|no|\d{1,2}|)$/, 'must be false, true (one proxy) or the number of proxies in front')
      .transform((v) => (v === 'true' || v === 'yes' ? 1 : /^\d+$/.test(v) ? Number(v) : 0))
      .default(0),
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    APPLICATION_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(10).default(25_000),
    /** A team member's session ends after this many minutes without a request (and after 12 hours in any case). */
    TEAM_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int('must be a whole number of minutes')
      .min(1, 'must be at least 1')
      .max(720, 'must be at most 720 (12 hours)')
      .default(30),
    /** How long a decision mail waits (and the team can undo the decision) before it is sent. */
    DECISION_MAIL_DELAY_S: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(0, 'must be at least 0')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(120),
    /** Newsletter mails per minute, all instances together (a mail provider's limit). */
    NEWSLETTER_RATE_PER_MINUTE: z.coerce
      .number()
      .int('must be a whole number of mails')
      .min(1, 'must be at least 1')
      .max(600_000, 'must be at most 600000')
      .default(60),
    /** The least severe log lines written (JSON lines on stdout in production). */
    LOG_LEVEL: z
      .literal('')
      .transform(() => 'info' as const)
      .or(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']))
      .default('info'),
    /** How many dumps `db:backup` keeps in its folder (older ones are deleted); 0 keeps every one. */
    BACKUP_KEEP: z
      .literal('')
      .transform(() => 14)
      .or(z.coerce.number().int('must be a whole number').min(0, 'must be 0 (keep all) or more'))
      .default(14),
  })
  // The preview needs both halves (a token to read drafts, the Studio that frames it) and a Sanity
  // project to read them from; half a setup would silently leave the preview off.
  .refine((e) => !e.SANITY_STUDIO_URL || e.SANITY_API_READ_TOKEN, {
    path: ['SANITY_API_READ_TOKEN'],
    message: 'the draft preview needs it as well as SANITY_STUDIO_URL (a Viewer token of the Sanity project)',
  })
  .refine((e) => !e.SANITY_API_READ_TOKEN || e.SANITY_STUDIO_URL, {
    path: ['SANITY_STUDIO_URL'],
    message:
      'the draft preview needs it as well as SANITY_API_READ_TOKEN (the Studio origin, e.g. https://studio.example.org)',
  })
  .refine((e) => !e.SANITY_API_READ_TOKEN || e.SANITY_PROJECT_ID, {
    path: ['SANITY_PROJECT_ID'],
    message: 'the draft preview (SANITY_API_READ_TOKEN) reads drafts from a Sanity project: set SANITY_PROJECT_ID',
  });

/** Every variable the server reads (.env.example documents each; a test keeps the two in step). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof resolveConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseEnv(env: NodeJS.ProcessEnv) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? '(env)')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Secrets a development server generates once and keeps in DATA_DIR, so codes survive restarts. */
type GeneratedSecrets = { teamAccessCode: string; accessCodes: string[]; authSecret: string };

/** Letters and digits without the look-alikes 0/O and 1/I, so a code read aloud or off paper is typed right. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const generateAccessCode = () =>
  Array.from({ length: 5 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

function loadOrCreateSecrets(dataDir: string): { secrets: GeneratedSecrets; created: boolean } {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return { secrets: JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets, created: false };
  } catch {
    const secrets: GeneratedSecrets = {
      teamAccessCode: String(randomInt(10_000)).padStart(4, '0'),
      accessCodes: [generateAccessCode()],
      authSecret: randomBytes(32).toString('base64url'),
    };
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return { secrets, created: true };
  }
}

/**
 * Validates the environment and fills in development defaults. In production the team code and
 * the auth secret are required; in development they are generated into DATA_DIR (and announced
 * through `generated`, so the caller can print them once).
 */
export function resolveConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(env);
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = (['TEAM_ACCESS_CODE', 'AUTH_SECRET'] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when NODE_ENV=production`).join('\n')}`,
      );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // Production never invents a mentee/mentor code: without ACCESS_CODES nobody gets to the form.
  const needsGenerated = !e.TEAM_ACCESS_CODE || !e.AUTH_SECRET || (!production && !e.ACCESS_CODES?.length);
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  const host = e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host,
    publicUrl,
    https: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    teamAccessCode: e.TEAM_ACCESS_CODE ?? generated!.secrets.teamAccessCode,
    accessCodes: e.ACCESS_CODES?.length
      ? e.ACCESS_CODES
      : production
        ? []
        : (generated?.secrets.accessCodes ?? []).filter((c) => /^[A-Z0-9]{5}$/.test(c)),
    authSecret: e.AUTH_SECRET ?? generated!.secrets.authSecret,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      teamNotify: e.TEAM_NOTIFY_EMAIL,
      /** The Reply-To of the decision mails (an address the team reads), if any. */
      decisionReplyTo: e.DECISION_MAIL_REPLY_TO ?? e.TEAM_NOTIFY_EMAIL,
    },
    sanity: sanityFrom(e),
    /** Reverse proxies in front whose X-Forwarded-For entries are believed (0: the socket's address). */
    trustProxy: e.TRUST_PROXY,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    /** Sign-in, sign-up and password-reset attempts per client address and minute (0: no limit). */
    authRateLimit: e.AUTH_RATE_LIMIT,
    /** Applications per access grant and per client address and hour (0: no limit). */
    applicationRateLimit: e.APPLICATION_RATE_LIMIT,
    /** Interval of the comment line on open event streams (proxies close streams that stay silent). */
    eventsHeartbeatMs: e.EVENTS_HEARTBEAT_MS,
    /** A team member's session ends after this long without a request. */
    teamSessionIdleMs: e.TEAM_SESSION_IDLE_MINUTES * 60_000,
    /** How long a decision mail waits, and can be undone, before it is sent. */
    decisionMailDelayMs: e.DECISION_MAIL_DELAY_S * 1000,
    /** Newsletter mails per minute for all instances together (retries included). */
    newsletterRatePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    /** fatal, error, warn, info (default: one line per request), debug, trace or silent. */
    logLevel: e.LOG_LEVEL,
    /** Which values were generated for development (to print once at start). */
    generated: {
      teamAccessCode: !e.TEAM_ACCESS_CODE,
      accessCodes: !production && !e.ACCESS_CODES?.length,
      firstRun: generated?.created ?? false,
    },
  };
}

let current: Config | undefined;
/** The process-wide configuration, resolved on first use. */
export function getConfig(): Config {
  return (current ??= resolveConfig());
}
/** Tests and the server start replace the configuration explicitly. */
export function setConfig(config: Config) {
  current = config;
}

/** Only the content source, for build-time loaders (no secrets are generated for this). */
export function sanityConfig(env: NodeJS.ProcessEnv = process.env) {
  return sanityFrom(parseEnv(env));
}

function sanityFrom(e: z.infer<typeof envSchema>) {
  return {
    projectId: e.SANITY_PROJECT_ID,
    dataset: e.SANITY_DATASET,
    token: e.SANITY_API_TOKEN,
    webhookSecret: e.SANITY_WEBHOOK_SECRET,
    apiHost: e.SANITY_API_HOST,
    /** Draft preview: on when both are set (validated together). */
    preview:
      e.SANITY_API_READ_TOKEN && e.SANITY_STUDIO_URL
        ? {
            readToken: e.SANITY_API_READ_TOKEN,
            studioUrl: e.SANITY_STUDIO_URL.replace(/\/+$/, ''),
            studioOrigin: new URL(e.SANITY_STUDIO_URL).origin,
          }
        : undefined,
    /** The bundled dataset (dataset.ndjson + images/), used when no projectId is set. */
    contentDir: path.resolve(e.CONTENT_DIR),
    /** Downloaded originals and generated AVIF/WebP renditions (content-addressed, shared by builds). */
    imageCacheDir: path.resolve(e.IMAGE_CACHE_DIR),
  };
}

/** Only the database (PostgreSQL's URL, or PGlite's DATA_DIR) and BACKUP_KEEP, for the backup and restore commands. */
export function databaseConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(env);
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR), backupKeep: e.BACKUP_KEEP };
}

/** Whether NODE_ENV says production, read without validating the rest (for a start-up failure's message). */
export function productionEnvironment(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'production';
}

/** Only the public base URL, for build-time loaders (canonical URLs, Open Graph); no secrets generated. */
export function publicUrlConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(env);
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
}
