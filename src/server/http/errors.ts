/**
 * Errors in SPEC section 8's shape: `{ message, errors?: { field: [messages] } }`.
 * Route code throws ApiError (or lets a ZodError escape from `parseInput`); the handler
 * below turns everything into that shape and never leaks internals on a 500.
 *
 * Status codes: 400 the request itself is malformed (bad JSON, or a query-string parameter
 * of a GET that is not of its form: `parseQuery`); 422 a submitted form (JSON body) breaks a
 * rule (`parseInput`, `ApiError.validation`); both carry field errors where a field is to
 * blame. 401 no or dead token, 403 not allowed (brand without accounts, account not
 * activated), 404 no such thing (for this brand), 409 conflicts with what exists (e-mail
 * taken, already activated, campaign ended), 429 rate limited, 503 a service we need is down.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { unstorableTextFields } from '../../contract/storable-text';

export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }

  static unauthorized(message = 'Unauthenticated.') {
    return new ApiError(401, message);
  }
  static notFound(message = 'Not found.') {
    return new ApiError(404, message);
  }
  static validation(errors: FieldErrors) {
    return new ApiError(422, summarise(errors), errors);
  }
  /** A query-string parameter that is not of the call's form. */
  static badQuery(errors: FieldErrors) {
    return new ApiError(400, summarise(errors), errors);
  }
}

export const GENERIC_MESSAGE = 'Something went wrong';

/** Text PostgreSQL cannot store (NUL, lone surrogates) anywhere in the input: its fields, or none. */
function unstorable(input: unknown): FieldErrors | undefined {
  const errors = unstorableTextFields(input);
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Validates request input; a failure (or unstorable text anywhere in it) becomes a 422 with field errors. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const bad = unstorable(input);
  if (bad) throw ApiError.validation(bad);
  return schema.parse(input);
}

/** Validates a GET's query string; a failure (or unstorable text) becomes a 400 with field errors. */
export function parseQuery<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const bad = unstorable(input);
  if (bad) throw ApiError.badQuery(bad);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ApiError.badQuery(zodFieldErrors(parsed.error));
  return parsed.data;
}

/** `a.b.0.c` keys, as the web app's forms name their fields. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** "First message (and N more errors)", so clients without field display still say something useful. */
function summarise(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return more > 0 ? `${first} (and ${more} more error${more === 1 ? '' : 's'})` : first;
}

/** Fastify's own (JSON-schema) validation errors, in case a route uses them. */
function fastifyFieldErrors(error: FastifyError): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of error.validation ?? []) {
    const missing = (item.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = [item.instancePath.replace(/^\//, '').replace(/\//g, '.'), missing].filter(Boolean).join('.') || '_';
    (errors[field] ??= []).push(item.message ?? 'is invalid');
  }
  return errors;
}

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type is JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send JSON with Content-Type: application/json.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
};

/** Maps any thrown value to a status and SPEC-shaped body. */
export function toErrorResponse(error: unknown): { statusCode: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    return {
      statusCode: error.statusCode,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  if (error instanceof ZodError) {
    const errors = zodFieldErrors(error);
    return { statusCode: 422, body: { message: summarise(errors), errors } };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError && Array.isArray(fastifyError.validation)) {
    const errors = fastifyFieldErrors(fastifyError as FastifyError);
    return { statusCode: 422, body: { message: summarise(errors), errors } };
  }
  // Fastify's own client errors (bad JSON, wrong media type, body too large) keep their status.
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      (fastifyError?.code && CLIENT_MESSAGES[fastifyError.code]) || fastifyError?.message || 'Bad request.';
    return { statusCode: status, body: { message } };
  }
  return { statusCode: 500, body: { message: GENERIC_MESSAGE } };
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { statusCode, body } = toErrorResponse(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ statusCode, message: body.message }, 'request rejected');
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
