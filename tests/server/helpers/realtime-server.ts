// Shared set-up for the realtime integration tests: a real Fastify server on a free
// port with only the realtime plugin, plus a small promise-based raw ws client.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { registerRealtime } from '../../../src/server/realtime';
import type { Realtime, RealtimeOptions } from '../../../src/server/realtime';

export const APP_KEY = 'test-app-key';

export interface TestServer {
  app: FastifyInstance;
  realtime: Realtime;
  port: number;
}

export async function startRealtimeServer(
  options: Partial<RealtimeOptions> = {},
  prepare?: (app: FastifyInstance) => Promise<void>,
): Promise<TestServer> {
  const app = Fastify({ logger: false });
  await prepare?.(app);
  const realtime = await registerRealtime(app, { isKnownAppKey: (key) => key === APP_KEY, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, realtime, port: (app.server.address() as AddressInfo).port };
}

/** Resolve when `check` holds; for server-side effects that send nothing back (unsubscribe). */
export async function waitFor(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface WireMessage {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw ws client that queues parsed frames so tests can await them in order. */
export class RawClient {
  readonly messages: WireMessage[] = [];
  closed: { code: number; reason: string } | undefined;
  #waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as WireMessage);
      this.#wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.#wake();
    });
  }

  static async open(port: number, path = `/app/${APP_KEY}?protocol=7&client=raw&version=1`): Promise<RawClient> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** Open and wait for pusher:connection_established. */
  static async connect(port: number): Promise<RawClient> {
    const client = await RawClient.open(port);
    await client.next('pusher:connection_established');
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Take the first queued message with `event` (dropping those before it). */
  async next(event: string, timeoutMs = 2000): Promise<WireMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex((m) => m.event === event);
      if (index >= 0) return this.messages.splice(0, index + 1)[index] as WireMessage;
      if (this.closed) throw new Error(`closed (${this.closed.code}) before ${event}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${event}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 2000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for close');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close(): void {
    this.ws.close();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }
}
