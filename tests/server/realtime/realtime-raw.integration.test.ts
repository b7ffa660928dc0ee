// The realtime endpoint against hostile or unusual input, with a raw `ws` client:
// the server must answer with protocol errors and keep serving everyone else.
import websocket from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BAD_FRAMES } from '../../../src/server/realtime/connection';
import { ErrorCode } from '../../../src/server/realtime/protocol';
import { APP_KEY, RawClient, startRealtimeServer, waitFor } from '../helpers/realtime-server';
import type { TestServer } from '../helpers/realtime-server';

let server: TestServer;

beforeAll(async () => {
  server = await startRealtimeServer();
});

afterAll(async () => {
  await server.app.close();
});

const errorCode = (message: { data?: unknown }) => (message.data as { code?: number } | undefined)?.code;

/** A round trip that proves the socket (and server) still work. */
async function stillServes(client: RawClient): Promise<void> {
  client.send({ event: 'pusher:ping', data: {} });
  await client.next('pusher:pong');
}

describe('realtime with raw ws clients', () => {
  it('sends connection_established with a socket id and activity timeout as a JSON string', async () => {
    const client = await RawClient.open(server.port);
    const hello = await client.next('pusher:connection_established');
    expect(typeof hello.data).toBe('string');
    expect(JSON.parse(hello.data as string)).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 120,
    });
    client.close();
  });

  it('reports malformed JSON and keeps the connection', async () => {
    const client = await RawClient.connect(server.port);
    for (const bad of ['{not json', '[1,2]', '"text"', '{"data":{}}', '{"event":"pusher:subscribe","data":{}}']) {
      client.send(bad);
      expect(errorCode(await client.next('pusher:error'))).toBe(ErrorCode.BadMessage);
    }
    client.send({ event: 'pusher:unknown', data: {} });
    expect(errorCode(await client.next('pusher:error'))).toBe(ErrorCode.BadMessage);
    client.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(errorCode(await client.next('pusher:error'))).toBe(ErrorCode.BadMessage);
    await stillServes(client);
    client.close();
  });

  it('refuses frames over 10 KB without dropping the socket, and survives a huge one', async () => {
    const client = await RawClient.connect(server.port);
    client.send(JSON.stringify({ event: 'pusher:ping', data: { pad: 'x'.repeat(11 * 1024) } }));
    const error = await client.next('pusher:error');
    expect(errorCode(error)).toBe(ErrorCode.BadMessage);
    expect(JSON.stringify(error.data)).toMatch(/exceeds/);
    await stillServes(client);

    // Past ws's hard payload cap the socket is cut (1009), but the server keeps going.
    client.send('x'.repeat(200 * 1024));
    expect((await client.waitClosed()).code).toBe(1009);
    const other = await RawClient.connect(server.port);
    await stillServes(other);
    other.close();
  });

  it('closes a socket that floods bad frames with 4009', async () => {
    const client = await RawClient.connect(server.port);
    for (let i = 0; i <= MAX_BAD_FRAMES; i += 1) client.send('nope');
    expect((await client.waitClosed()).code).toBe(ErrorCode.Refused);
  });

  it('refuses private and presence channels and invalid names with subscription_error', async () => {
    const client = await RawClient.connect(server.port);
    for (const [channel, status] of [
      ['private-user.1', 403],
      ['presence-room', 403],
      ['bad channel!', 400],
      ['x'.repeat(165), 400],
    ] as const) {
      client.send({ event: 'pusher:subscribe', data: { channel } });
      const error = await client.next('pusher:subscription_error');
      expect(error.channel).toBe(channel);
      expect(JSON.parse(error.data as string)).toMatchObject({ status });
      expect(server.realtime.subscriberCount(channel)).toBe(0);
    }
    client.send({ event: 'pusher:subscribe', data: { channel: 'query.ok-1_=@,.;' } });
    expect(await client.next('pusher_internal:subscription_succeeded')).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'query.ok-1_=@,.;',
      data: '{}',
    });
    client.close();
  });

  it('refuses client events on public channels', async () => {
    const client = await RawClient.connect(server.port);
    client.send({ event: 'pusher:subscribe', data: { channel: 'query.client' } });
    await client.next('pusher_internal:subscription_succeeded');
    client.send({ event: 'client-typing', channel: 'query.client', data: {} });
    expect(errorCode(await client.next('pusher:error'))).toBe(ErrorCode.ClientEventRejected);
    await stillServes(client);
    client.close();
  });

  it('refuses unknown app keys (4001) and unsupported or missing protocol versions (4007, 4008)', async () => {
    for (const [path, code] of [
      ['/app/nope?protocol=7', ErrorCode.AppNotFound],
      [`/app/${APP_KEY}?protocol=6`, ErrorCode.UnsupportedProtocol],
      [`/app/${APP_KEY}`, ErrorCode.NoProtocol],
    ] as const) {
      const client = await RawClient.open(server.port, path);
      expect(errorCode(await client.next('pusher:error'))).toBe(code);
      expect((await client.waitClosed()).code).toBe(code);
    }
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const client = await RawClient.connect(server.port);
    await stillServes(client);
    client.close();
  });
});

describe('realtime idle checks and lifecycle', () => {
  it('pings a silent client and closes it with 4201 when no pong comes', async () => {
    // A generous pong deadline keeps the polite client safe on a loaded machine.
    const fast = await startRealtimeServer({ activityTimeoutSeconds: 0.1, pongTimeoutSeconds: 0.5 });
    try {
      const silent = await RawClient.connect(fast.port);
      const polite = await RawClient.connect(fast.port);
      await polite.next('pusher:ping');
      polite.send({ event: 'pusher:pong', data: {} });
      await silent.next('pusher:ping');
      expect((await silent.waitClosed()).code).toBe(ErrorCode.PongNotReceived);
      // The polite client answered and is pinged again rather than dropped.
      await polite.next('pusher:ping');
      expect(polite.closed).toBeUndefined();
      // The client sees the close frame before the server finishes its side of the handshake.
      await waitFor(() => fast.realtime.connectionCount() === 1);
    } finally {
      await fast.app.close();
    }
  });

  it('close() closes every socket with 4200 so clients reconnect', async () => {
    const own = await startRealtimeServer();
    try {
      const client = await RawClient.connect(own.port);
      await own.realtime.close();
      expect((await client.waitClosed()).code).toBe(ErrorCode.Reconnect);
      expect(own.realtime.connectionCount()).toBe(0);
    } finally {
      await own.app.close();
    }
  });

  it('works when the app registered @fastify/websocket itself', async () => {
    const shared = await startRealtimeServer({}, async (app) => {
      await app.register(websocket);
    });
    try {
      const client = await RawClient.connect(shared.port);
      await stillServes(client);
      client.close();
    } finally {
      await shared.app.close();
    }
  });
});
