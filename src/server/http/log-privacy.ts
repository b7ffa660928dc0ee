/**
 * What the logs may say (issue 22): never a query's parameters, a body, a token, a code, a
 * password hash or an e-mail address. Errors are logged by kind and by PostgreSQL's own words
 * with quoted values and anything address- or hash-like blanked; requests by method and path,
 * with the secret path segments (activation and reset codes) and the query string left out.
 * Used by the server's logger (serializers and redact) and by the worker's JSON lines.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

const EMAIL = /[^\s"'<>()@,;:]+@[^\s"'<>()@,;:]+/g;
const ARGON = /\$argon2[a-z]*\$[^\s"',]*/gi;
/** 43-character base64url secrets (tokens, codes) and long hex digests. */
const SECRET = /\b[A-Za-z0-9_-]{43}\b|\b[0-9a-f]{64}\b/g;
/** PostgreSQL quotes the offending value: `invalid input syntax for type uuid: "…"`. */
const QUOTED = /"[^"]*"/g;

/** Blanks values that may be personal or secret; keeps the words around them. */
export function scrubText(text: string): string {
  return text
    .replace(ARGON, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(SECRET, REDACTED)
    .replace(QUOTED, `"${REDACTED}"`);
}

// A type alias (not an interface), so it fits pino's serializer signature.
export type SafeError = {
  type: string;
  message: string;
  /** The message line and up to 12 frames, scrubbed. */
  stack: string;
  code?: string;
  cause?: SafeError;
};

/**
 * An error as it may be logged. A failed database query (Drizzle puts the SQL and its
 * parameters into the message) becomes "database query failed" with its cause, so neither
 * the statement's values nor PostgreSQL's `detail` (`Key (email)=(…)`) reach the log.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    const message = scrubText(String(error)).slice(0, 500);
    return { type: typeof error, message, stack: message };
  }
  const withCode = error as Error & { code?: unknown; params?: unknown; query?: unknown };
  const isQuery = 'params' in withCode && 'query' in withCode;
  const message = isQuery ? 'database query failed' : scrubText(error.message).slice(0, 1000);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .map(scrubText);
  const type = error.name || error.constructor?.name || 'Error';
  const safe: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (typeof withCode.code === 'string' || typeof withCode.code === 'number') safe.code = String(withCode.code);
  if (error.cause !== undefined && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

/** Path segments that are secrets (e-mailed codes) follow these. */
const SECRET_SEGMENT = /(\/(?:activation|reset))\/[^/?]+/g;

export function safeUrl(url: string | undefined): string {
  const path = (url ?? '').split('?')[0] ?? '';
  return path.replace(SECRET_SEGMENT, `$1/${REDACTED}`).slice(0, 300);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  id?: string;
}

/** The request line Fastify logs: method, path without query string or codes, host. */
export function safeRequest(request: LoggedRequest) {
  return {
    id: request.id,
    method: request.method,
    url: safeUrl(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
  };
}

/** Keys that never reach a log line with their value, wherever they sit in the logged object. */
const REDACT_PATHS = [
  'email',
  'to',
  'link',
  'password',
  'passwordHash',
  'token',
  'code',
  'body',
  'params',
  'query',
  'headers',
  '*.email',
  '*.to',
  '*.link',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.body',
  '*.params',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
];

/** Pino options of the server's logger (Fastify passes them on). */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: safeError, error: safeError, req: safeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
