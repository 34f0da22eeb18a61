// The process's one logger (pino): JSON lines on stdout in production, readable lines in
// development (pino-pretty, a devDependency, loaded only there). It sits at the top of web/server,
// beside the configuration, because every folder logs, including db/, which the backup commands run
// with plain Node. What is logged never names a person: messages and fields carry no e-mail address,
// name, code, token or cookie. The scrubbing below (e-mail addresses in messages and errors, query
// values in paths) is a safety net for values that slip in through a library's error message.
import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';
import { format } from 'node:util';
import { pino, stdTimeFunctions, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Something@something.tld: the local part stops at a slash, so `node_modules/@scope/pkg` in a
// stack trace is left alone.
const EMAIL = /[^\s@<>"'`()[\]{},;:\\/=?&]+@[^\s@<>"'`()[\]{},;:\\/=?&]+\.[a-z]{2,}/gi;

/** A text with every e-mail address replaced by `[email]`. */
export function scrubText(text: string): string {
  return text.includes('@') ? text.replace(EMAIL, '[email]') : text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUERY_KEY = /^[A-Za-z_][\w.-]{0,31}$/;
/** A path segment this long without a dot (not a file name) is taken for a token and hidden. */
const TOKEN_LENGTH = 20;

function scrubSegment(segment: string): string {
  if (segment.length === 0) return segment;
  let decoded = segment;
  if (segment.includes('%')) {
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return ':undecodable';
    }
  }
  if (decoded.includes('@')) return ':email';
  if (decoded.length >= TOKEN_LENGTH && !decoded.includes('.') && !UUID.test(decoded)) return ':token';
  return segment;
}

/**
 * The path of a request target as the log shows it: the path without the query's values (its keys
 * stay, so `/newsletter/bestaetigen?token=…` reads `/newsletter/bestaetigen?token`), and path
 * segments that carry an e-mail address or look like a token (a reset link's) replaced by a
 * placeholder. At most 200 characters.
 */
export function scrubPath(url = '/'): string {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  let scrubbed =
    /[@%]/.test(pathname) || pathname.length >= TOKEN_LENGTH
      ? pathname.split('/').map(scrubSegment).join('/')
      : pathname;
  if (query !== -1) {
    const keys = url
      .slice(query + 1)
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const key = pair.split('=', 1)[0]!;
        return QUERY_KEY.test(key) ? key : '…';
      });
    scrubbed += `?${keys.join('&')}`;
  }
  return scrubbed.length > 200 ? `${scrubbed.slice(0, 200)}…` : scrubbed;
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * An error as a log field: its type, message, stack, code and cause, e-mail addresses scrubbed.
 * Other properties are left out on purpose: a database error's `detail` quotes the row's values.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: scrubText(String(error)) };
  const e = error as ErrorLike;
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: scrubText(String(e.message ?? '')),
    ...(typeof e.stack === 'string' ? { stack: scrubText(e.stack) } : {}),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

const CREDENTIAL_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'x-api-key']);

/** A header object with its cookies and credentials replaced by `[redacted]`. */
export function withoutCredentials(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      CREDENTIAL_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value,
    ]),
  );
}

/** The request a piece of work belongs to (set around the app's handling of one request). */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** What every line has: level (by name), time (ISO), process id and host (which instance logged). */
function lineOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    base: { pid: process.pid, hostname: hostname() },
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}

function options(level: LogLevel): LoggerOptions {
  return {
    ...lineOptions(level),
    // Nothing logs headers on purpose; should a header object ever reach a line, its cookies and
    // credentials do not. (A serializer runs only where its key is present: no cost per request,
    // unlike pino's redact paths, which are checked on every line, request lines included.)
    serializers: { err: serializeError, error: serializeError, headers: withoutCredentials },
    // Errors and lines logged while a request is handled name it.
    mixin: () => {
      const scope = requestScope.getStore();
      // A new object each time: pino merges the line's fields into it.
      return scope ? { requestId: scope.requestId } : {};
    },
    hooks: {
      logMethod(args, method) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = scrubText(args[i] as string);
        return method.apply(this, args);
      },
    },
  };
}

/**
 * The request lines' own logger on the same output: the same base fields, time and level, but no
 * request scope, scrubbing hook or serializers (a request line holds only fields made from the
 * request's method, scrubbed path and status), which take a good part of a line's cost on the
 * static fast path.
 */
function requestLogger(level: LogLevel, destination: DestinationStream) {
  return pino(lineOptions(level), destination);
}

const stdout = () => pino.destination({ sync: true });
/** The logger every module uses. JSON at `info` until the server configures it at start. */
export let log: Logger = pino(options('info'), stdout());
/** One line per request (request-log.server.ts). */
export let requestLog: Logger = log;

/**
 * Sets the level and the output once the configuration is known: JSON lines in production; in
 * development readable lines when pino-pretty is installed (it is not in the production image).
 * In production, what libraries print with `console` becomes a JSON line too.
 */
export async function configureLogging({ production, level }: { production: boolean; level: LogLevel }) {
  let destination: DestinationStream | undefined;
  if (!production) {
    const pretty = await import('pino-pretty').catch(() => undefined);
    destination = pretty?.default({
      sync: true,
      ignore: 'pid,hostname,method,path,status,durationMs',
      translateTime: 'SYS:HH:MM:ss.l',
      messageFormat: (line, key) =>
        line.method
          ? `${String(line.method)} ${String(line.path)} ${String(line.status)} ${String(line.durationMs)} ms`
          : String(line[key]),
    });
  }
  // Asynchronous writes: under load, lines that come while one write is under way go out together.
  destination ??= pino.destination({ sync: false });
  log = pino(options(level), destination);
  requestLog = requestLogger(level, destination);
  if (production) routeConsoleToLog();
}

/**
 * Sends the process's log lines (JSON) to `destination` until the returned function restores the
 * logger before: for tests that read what was logged.
 */
export function logTo(destination: DestinationStream, level: LogLevel = 'info'): () => void {
  const before = log;
  log = pino(options(level), destination);
  return () => {
    log = before;
  };
}

/** console.log/info/debug/warn/error as log lines (an Error among the arguments becomes `err`). */
function routeConsoleToLog() {
  const forward =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const error = args.find((a) => a instanceof Error);
      const rest = error ? args.filter((a) => a !== error) : args;
      const message = rest.length ? format(...rest) : ((error as Error | undefined)?.message ?? '');
      if (error) log[level]({ err: error }, message);
      else log[level](message);
    };
  console.log = forward('info');
  console.info = forward('info');
  console.debug = forward('debug');
  console.warn = forward('warn');
  console.error = forward('error');
}
