// The realtime endpoint driven by the real pusher-js client, as the web app uses it.
//
// Entry point: `import Pusher from 'pusher-js'` resolves package.json "main", i.e.
// dist/node/pusher.js (the node build; vitest's node environment ignores the "browser"
// field and externalizes node_modules, so Node's CJS interop hands us the class as the
// default export). That build ships its own WebSocket client (a bundled faye-websocket),
// not the `ws` package, and only its 'ws' transport applies to a custom wsHost.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimePlugin } from '../../../src/server/realtime';
import { APP_KEY, startRealtimeServer, waitFor } from '../helpers/realtime-server';
import type { TestServer } from '../helpers/realtime-server';

let server: TestServer;
const clients: Pusher[] = [];

function connect(key = APP_KEY, port = server.port): Pusher {
  const pusher = new Pusher(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  });
  clients.push(pusher);
  return pusher;
}

function connected(pusher: Pusher): Promise<void> {
  return new Promise((resolve) => {
    if (pusher.connection.state === 'connected') resolve();
    else pusher.connection.bind('connected', () => resolve());
  });
}

async function subscribed(pusher: Pusher, name: string): Promise<Channel> {
  const channel = pusher.subscribe(name);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', reject);
  });
  return channel;
}

/** Every non-protocol event a client receives, in arrival order, across all channels. */
function record(pusher: Pusher): Array<{ event: string; data: unknown }> {
  const seen: Array<{ event: string; data: unknown }> = [];
  pusher.bind_global((event: string, data: unknown) => {
    if (!event.startsWith('pusher:')) seen.push({ event, data });
  });
  return seen;
}

function nextEvent(channel: Channel, event: string): Promise<unknown> {
  return new Promise((resolve) => {
    const handler = (data: unknown) => {
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

beforeAll(async () => {
  server = await startRealtimeServer();
});

afterEach(() => {
  for (const pusher of clients.splice(0)) pusher.disconnect();
});

afterAll(async () => {
  await server.app.close();
});

describe('realtime with pusher-js', () => {
  it('subscribes to query.{hash} and receives published events in order with parsed data', async () => {
    const pusher = connect();
    await connected(pusher);
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);

    const channel = await subscribed(pusher, 'query.abc123');
    expect(server.realtime.subscriberCount('query.abc123')).toBe(1);

    const received: Array<[string, unknown]> = [];
    const done = new Promise<void>((resolve) => {
      channel.bind('results retrieved', (data: unknown) => received.push(['results retrieved', data]));
      channel.bind('journey processed', (data: unknown) => {
        received.push(['journey processed', data]);
        resolve();
      });
    });
    server.realtime.publish('query.abc123', 'results retrieved', { journey_count: 3 });
    server.realtime.publish('query.abc123', 'journey processed', { journeyID: 'j1' });
    await done;

    expect(received).toEqual([
      ['results retrieved', { journey_count: 3 }],
      ['journey processed', { journeyID: 'j1' }],
    ]);
  });

  it('stops delivery after unsubscribe', async () => {
    const pusher = connect();
    const seen = record(pusher);
    const query = await subscribed(pusher, 'query.unsub1');
    const marker = await subscribed(pusher, 'query.marker1');

    pusher.unsubscribe('query.unsub1');
    await waitFor(() => server.realtime.subscriberCount('query.unsub1') === 0);
    expect(query.subscribed).toBe(false);

    // Same socket, same order: had the first event been sent, it would arrive before the marker.
    server.realtime.publish('query.unsub1', 'results retrieved', { journey_count: 1 });
    const arrived = nextEvent(marker, 'marker');
    server.realtime.publish('query.marker1', 'marker', {});
    await arrived;
    expect(seen).toEqual([{ event: 'marker', data: {} }]);
  });

  it('delivers to each client only the channels it subscribed to', async () => {
    const a = connect();
    const b = connect();
    const seenA = record(a);
    const seenB = record(b);
    const channelA = await subscribed(a, 'query.aaa');
    const channelB = await subscribed(b, 'query.bbb');
    expect(server.realtime.connectionCount()).toBeGreaterThanOrEqual(2);

    const doneA = nextEvent(channelA, 'end');
    const doneB = nextEvent(channelB, 'end');
    server.realtime.publish('query.aaa', 'journey processed', { journeyID: 'a1' });
    server.realtime.publish('query.bbb', 'journey processed', { journeyID: 'b1' });
    server.realtime.publish('query.aaa', 'end', null);
    server.realtime.publish('query.bbb', 'end', null);
    await Promise.all([doneA, doneB]);

    expect(seenA).toEqual([
      { event: 'journey processed', data: { journeyID: 'a1' } },
      { event: 'end', data: null },
    ]);
    expect(seenB).toEqual([
      { event: 'journey processed', data: { journeyID: 'b1' } },
      { event: 'end', data: null },
    ]);
  });

  it('refuses an unknown app key with error 4001 and does not retry', async () => {
    const pusher = connect('not-a-key');
    const error = await new Promise<{ error?: { data?: { code?: number } } }>((resolve) => {
      pusher.connection.bind('error', resolve);
    });
    expect(error.error?.data?.code).toBe(4001);
    await new Promise<void>((resolve) => {
      if (pusher.connection.state === 'disconnected') resolve();
      else pusher.connection.bind('disconnected', () => resolve());
    });
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const pusher = connect();
    await connected(pusher);
    const pong = new Promise<void>((resolve) => pusher.bind('pusher:pong', () => resolve()));
    pusher.connection.send_event('pusher:ping', {});
    await pong;
  });

  it('keeps a pusher-js client connected across server pings (it answers them)', async () => {
    const fast = await startRealtimeServer({ activityTimeoutSeconds: 0.1, pongTimeoutSeconds: 0.5 });
    try {
      const pusher = connect(APP_KEY, fast.port);
      await connected(pusher);
      let pings = 0;
      // At the pong deadline (0.6 s) the server either pings again (the ping was answered)
      // or closes with 4201. pusher-js's own 1 s activity ping comes too late to help, so
      // a second ping proves it answered ours.
      await new Promise<void>((resolve) =>
        pusher.bind('pusher:ping', () => {
          if (++pings === 2) resolve();
        }),
      );
      expect(pusher.connection.state).toBe('connected');
      expect(fast.realtime.connectionCount()).toBe(1);
    } finally {
      await fast.app.close();
    }
  });
});

describe('createRealtimePlugin (the buildServer `realtime` slot)', () => {
  it('works registered as an encapsulated plugin, through a handle made before the app', async () => {
    const { plugin, realtime } = createRealtimePlugin({ isKnownAppKey: (key) => key === APP_KEY });
    // Before registration: nobody to deliver to, but it must not throw.
    realtime.publish('query.early', 'results retrieved', { journey_count: 0 });
    expect(realtime.connectionCount()).toBe(0);

    const app = Fastify({ logger: false });
    await app.register(plugin);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const pusher = connect(APP_KEY, (app.server.address() as AddressInfo).port);
      const channel = await subscribed(pusher, 'query.plugin');
      expect(realtime.subscriberCount('query.plugin')).toBe(1);
      const arrived = nextEvent(channel, 'journey processed');
      realtime.publish('query.plugin', 'journey processed', { journeyID: 'j9' });
      expect(await arrived).toEqual({ journeyID: 'j9' });
    } finally {
      for (const pusher of clients.splice(0)) pusher.disconnect();
      await app.close();
    }
  });
});
