/**
 * The API's OpenAPI 3.1 document (issue 33), generated from the zod contract: each operation
 * names the schemas the route parses and answers with, and z.toJSONSchema turns them into JSON
 * Schema 2020-12, the dialect OpenAPI 3.1 uses. Served at GET /v1/openapi.json (no API key);
 * tests/server/api/openapi.integration.test.ts checks it with an OpenAPI validator and against
 * the routes the server really has, both ways.
 */
import { z } from 'zod';
import {
  campaignListAnswerSchema,
  campaignQuerySchema,
  impressionAnswerSchema,
  impressionFormSchema,
} from '../../contract/campaigns';
import { autocompleteAnswerSchema, reverseAnswerSchema, reverseQuerySchema } from '../../contract/places';
import {
  listQuerySchema,
  recentSearchesAnswerSchema,
  saveJourneyAnswerSchema,
  savedJourneysAnswerSchema,
} from '../../contract/saved-journeys';
import {
  journeyAnswerSchema,
  searchFormSchema,
  searchQueryAnswerSchema,
  searchStartedSchema,
  updateReturnTimeSchema,
} from '../../contract/search';
import {
  loginAnswerSchema,
  loginFormSchema,
  messageAnswerSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerFormSchema,
  updateFormSchema,
  userSchema,
} from '../../contract/users';

type Method = 'get' | 'post' | 'put';
/** Who may call: anyone with the brand's key; a signed-in user; anyone, the owner seeing more. */
type Access = 'key' | 'user' | 'owner';

export interface Operation {
  method: Method;
  /** OpenAPI form: /journey-planner/search/{hash}. */
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  status?: number;
  answer: z.ZodType;
}

const today = () => new Date().toISOString().slice(0, 10);
const now = () => new Date();
const brandAnswer = z.object({ data: z.record(z.string(), z.unknown()) });
const autocompleteQuery = z.object({ q: z.string().describe('What the traveller has typed.') });

/** Every /v1 route, in SPEC section 7's order. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/brand', summary: "The calling brand's settings.", access: 'key', answer: brandAnswer },
  {
    method: 'post',
    path: '/journey-planner/search',
    summary: 'Start a search; journeys arrive on the realtime channel query.{hash}.',
    access: 'owner',
    body: searchFormSchema(now),
    status: 201,
    answer: searchStartedSchema,
  },
  {
    method: 'get',
    path: '/journey-planner/search/{hash}',
    summary: 'A search and the journeys planned so far.',
    access: 'owner',
    answer: searchQueryAnswerSchema,
  },
  {
    method: 'get',
    path: '/journey-planner/search/{hash}/{journeyId}',
    summary: 'One journey of a search.',
    access: 'owner',
    answer: journeyAnswerSchema,
  },
  {
    method: 'post',
    path: '/journey-planner/search/{hash}/update-return-time',
    summary: 'Plan the return journeys again for another time.',
    access: 'owner',
    body: updateReturnTimeSchema,
    answer: searchQueryAnswerSchema,
  },
  {
    method: 'get',
    path: '/journey-planner/queries/user',
    summary: "The signed-in user's recent searches.",
    access: 'user',
    query: listQuerySchema,
    answer: recentSearchesAnswerSchema,
  },
  {
    method: 'post',
    path: '/journey/save/{journeyId}',
    summary: 'Save or unsave a journey.',
    access: 'user',
    answer: saveJourneyAnswerSchema,
  },
  {
    method: 'post',
    path: '/journey/viewed/{journeyId}',
    summary: 'Record that a journey was viewed.',
    access: 'key',
    answer: messageAnswerSchema,
  },
  {
    method: 'get',
    path: '/journey/saved/user',
    summary: "The signed-in user's saved journeys.",
    access: 'user',
    query: listQuerySchema,
    answer: savedJourneysAnswerSchema,
  },
  {
    method: 'post',
    path: '/users/register',
    summary: 'Create an account (the same answer whether or not the address has one).',
    access: 'key',
    body: registerFormSchema(today),
    status: 201,
    answer: messageAnswerSchema,
  },
  {
    method: 'post',
    path: '/users/activation/{code}',
    summary: 'Activate an account with the code from its e-mail.',
    access: 'key',
    answer: messageAnswerSchema,
  },
  {
    method: 'get',
    path: '/users/show',
    summary: 'The signed-in user.',
    access: 'user',
    answer: z.object({ data: userSchema }),
  },
  {
    method: 'put',
    path: '/users/update',
    summary: "Change the signed-in user's details and passes.",
    access: 'user',
    body: updateFormSchema(today),
    answer: z.object({ data: userSchema }),
  },
  {
    method: 'post',
    path: '/users/password/reset',
    summary: 'E-mail a password reset link (the same answer whether or not the address has an account).',
    access: 'key',
    body: passwordResetRequestSchema,
    answer: messageAnswerSchema,
  },
  {
    method: 'post',
    path: '/users/password/reset/{code}',
    summary: 'Choose a new password with the code from the e-mail.',
    access: 'key',
    body: passwordResetSchema,
    answer: messageAnswerSchema,
  },
  {
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in: a bearer token.',
    access: 'key',
    body: loginFormSchema,
    answer: loginAnswerSchema,
  },
  {
    method: 'post',
    path: '/auth/logout',
    summary: 'Revoke this bearer token.',
    access: 'user',
    answer: messageAnswerSchema,
  },
  {
    method: 'post',
    path: '/auth/logout-everywhere',
    summary: "Revoke every token of the signed-in user's account.",
    access: 'user',
    answer: messageAnswerSchema,
  },
  {
    method: 'get',
    path: '/campaign',
    summary: "The brand's current campaigns.",
    access: 'key',
    query: campaignQuerySchema,
    answer: campaignListAnswerSchema,
  },
  {
    method: 'post',
    path: '/campaign/{campaignId}/impression',
    summary: 'Record a view or a click of a campaign.',
    access: 'key',
    body: impressionFormSchema,
    status: 201,
    answer: impressionAnswerSchema,
  },
  {
    method: 'get',
    path: '/places/autocomplete',
    summary: 'Address suggestions for what the traveller typed.',
    access: 'key',
    query: autocompleteQuery,
    answer: autocompleteAnswerSchema,
  },
  {
    method: 'get',
    path: '/places/reverse',
    summary: 'The place at a position.',
    access: 'key',
    query: reverseQuerySchema,
    answer: reverseAnswerSchema,
  },
];

const errorShape = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The document: every operation with its parameters, body, answer and the error shape. */
export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParameters = operation.query
      ? Object.entries(
          (jsonSchema(operation.query, 'input') as { properties?: Record<string, unknown> }).properties ?? {},
        ).map(([name, schema]) => ({ name, in: 'query', required: false, schema }))
      : [];
    const status = String(operation.status ?? 200);
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: `${operation.method}${operation.path.replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: operation.summary,
      security:
        operation.access === 'user'
          ? [{ apiKey: [], bearer: [] }]
          : operation.access === 'owner'
            ? [{ apiKey: [] }, { apiKey: [], bearer: [] }]
            : [{ apiKey: [] }],
      parameters: [...pathParameters, ...queryParameters],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchema(operation.answer, 'output') } },
        },
        '400': errorResponse('The request is malformed.'),
        '401': errorResponse('No API key, or no or an ended bearer token.'),
        '422': errorResponse('The form breaks a rule: field errors.'),
        '429': errorResponse('Too many requests: see Retry-After.'),
        default: errorResponse('Any other error, in the same shape.'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Drover API',
      version,
      description: 'The journey planner API (SPEC section 7). Errors: { message, errors?: { field: [messages] } }.',
    },
    servers: [{ url: '/v1' }],
    paths,
    components: {
      schemas: { Error: jsonSchema(errorShape, 'output') },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}
