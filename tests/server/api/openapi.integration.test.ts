/**
 * Issue 33 (7): GET /v1/openapi.json is a valid OpenAPI 3.1 document (checked by
 * openapi-spec-validator, the reference validator, where Python has it), every /v1 route the
 * server registers is documented, and every documented operation is a route.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../helpers/app-server';
import { startApiServer, type ApiServer } from '../helpers/api';

const VALIDATE =
  'import json, sys; from openapi_spec_validator import validate; validate(json.load(sys.stdin)); print("valid")';
const validator =
  spawnSync('python3', ['-c', 'import openapi_spec_validator'], { encoding: 'utf8' }).status === 0
    ? false
    : 'python3 with openapi-spec-validator is not installed';

let server: ApiServer;
let document: { openapi: string; paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  server = await startApiServer();
  const response = await request(server.port, 'GET', '/v1/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});
afterAll(async () => {
  await server?.close();
});

describe('/v1/openapi.json', () => {
  it.skipIf(validator)('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    const result = spawnSync('python3', ['-c', VALIDATE], { input: JSON.stringify(document), encoding: 'utf8' });
    expect(result.stderr.split('\n').slice(-3).join('\n')).toBe('');
    expect(result.stdout.trim()).toBe('valid');
  });

  it('documents every /v1 route, and every documented operation is a route', () => {
    const routes = new Set(
      server.routes
        .filter((route) => route.url.startsWith('/v1/'))
        .map((route) => `${route.method} ${route.url.slice(3).replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(routes.size).toBeGreaterThan(20);
    expect([...routes].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((operation) => !routes.has(operation))).toEqual([]);
  });

  it('describes request bodies from the contract: the search form names its fields', () => {
    const search = document.paths['/journey-planner/search']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    const fields = Object.keys(search.requestBody.content['application/json'].schema.properties);
    expect(fields).toEqual(expect.arrayContaining(['origin', 'destination', 'out_time']));
  });
});
