// The realtime endpoint as the real server wires it: app keys are the brands' API keys,
// on the same port as the web app and the API.
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimePlugin, type Realtime } from '../../../src/server/realtime';
import { startTestServer, type TestServer } from '../helpers/app-server';

let server: TestServer;
let realtime: Realtime;

beforeAll(async () => {
  let brandKeys: (key: string) => boolean = () => false;
  const created = createRealtimePlugin({ isKnownAppKey: (key) => brandKeys(key) });
  realtime = created.realtime;
  server = await startTestServer({ realtime: created.plugin });
  brandKeys = (key) => server.brands.byApiKey(key) !== undefined;
});
afterAll(async () => {
  await server?.close();
});

function client(key: string) {
  return new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  });
}

describe('realtime on the app server', () => {
  it('delivers a search channel event to a pusher-js client using a brand API key', async () => {
    const pusher = client(server.brands.brands.get('health')!.apiKey);
    try {
      const channel = pusher.subscribe('query.f00dcafe');
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', reject);
      });
      const received = new Promise((resolve) => channel.bind('results retrieved', resolve));
      realtime.publish('query.f00dcafe', 'results retrieved', { journey_count: 4 });
      expect(await received).toEqual({ journey_count: 4 });
    } finally {
      pusher.disconnect();
    }
  });

  it('refuses an app key that is not a brand API key', async () => {
    const pusher = client('not-a-brand-key-at-all');
    try {
      const error = await new Promise<{ error?: { data?: { code?: number } } }>((resolve) =>
        pusher.connection.bind('error', resolve),
      );
      expect(error.error?.data?.code).toBe(4001);
    } finally {
      pusher.disconnect();
    }
  });
});
