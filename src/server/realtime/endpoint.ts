// Pusher Channels (protocol 7) endpoint on our own Fastify server, so the web app talks
// to it with the unmodified pusher-js client: `new Pusher(key, { wsHost, wsPort, ... })`
// connects to GET /app/{key}?protocol=7&client=js&version=...&flash=false.
import { randomInt } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import type { WebSocket } from 'ws';
import { InProcessBroker } from './broker';
import type { RealtimeBroker, RealtimeMessage } from './broker';
import { Connection } from './connection';
import type { ConnectionHost } from './connection';
import { ErrorCode, checkConnectQuery, encodeChannelEvent, encodeError, formatSocketId } from './protocol';
import { publishVia } from './publish';
import { SubscriptionRegistry } from './registry';

export interface RealtimeOptions {
  /** Whether `key` is a public app key we serve (brands' public API keys). */
  isKnownAppKey(key: string): boolean;
  /** Seconds of silence before the server pings a client (sent to clients too). Default 120. */
  activityTimeoutSeconds?: number;
  /** Seconds a client has to answer our ping before it is closed. Default 30. */
  pongTimeoutSeconds?: number;
  /** Fan-out between instances; defaults to an in-process broker (single instance). */
  broker?: RealtimeBroker;
  /**
   * Hostnames a browser page may open the socket from (the brands' hostnames). A socket whose
   * Origin is neither one of them nor the host it connects to is refused with 403 before the
   * upgrade (issue 22: no cross-site WebSocket). Clients that send no Origin (not browsers) pass.
   */
  allowedOriginHosts?: readonly string[];
}

/** Whether a browser at `origin` may open a socket on `host` (the Host header). */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedHosts: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.host === host || allowedHosts.has(url.hostname.toLowerCase());
}

export interface Realtime {
  /** Send `event` with `data` (JSON-encoded here) to every socket subscribed to `channel`, on every instance. */
  publish(channel: string, event: string, data: unknown): void;
  /** Close every socket (code 4200: reconnect) and stop listening to the broker. */
  close(): Promise<void>;
  /** Open sockets on this instance. */
  connectionCount(): number;
  /** Sockets on this instance subscribed to `channel`. */
  subscriberCount(channel: string): number;
  /** Channels with at least one subscriber on this instance. */
  channelCount(): number;
}

/** How long close() waits for clients to acknowledge before dropping them. */
const CLOSE_GRACE_MS = 1000;
/** WebSocket frames above this are cut off by ws itself (our protocol limit is 10 KB). */
const MAX_WS_PAYLOAD = 64 * 1024;

export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<Realtime> {
  // The app may already use @fastify/websocket elsewhere; registering it twice would
  // attach two upgrade listeners to one HTTP server.
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, { options: { maxPayload: MAX_WS_PAYLOAD } });
  }

  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120;
  const broker =
    options.broker ?? new InProcessBroker((error) => app.log.error({ err: error }, 'realtime: delivery failed'));
  const connections = new Set<Connection>();
  const host: ConnectionHost = {
    registry: new SubscriptionRegistry<Connection>(),
    // Fractional seconds are allowed so tests can exercise the idle check quickly.
    activityTimeoutMs: activityTimeoutSeconds * 1000,
    pongTimeoutMs: (options.pongTimeoutSeconds ?? 30) * 1000,
    log: app.log,
    onClosed: (connection) => connections.delete(connection),
  };
  // Clients are told whole seconds; protocol clients expect an integer.
  const advertisedTimeout = Math.max(1, Math.ceil(activityTimeoutSeconds));
  let sequence = 0;
  let closed = false;

  // Every instance delivers what the broker hands it, including its own publishes.
  const deliver = (message: RealtimeMessage) => {
    const members = host.registry.members(message.channel);
    if (members.size === 0) return;
    const frame = encodeChannelEvent(message.channel, message.event, message.data);
    for (const connection of [...members]) connection.send(frame);
  };
  const unsubscribeBroker = broker.subscribe(deliver);

  const refuse = (socket: WebSocket, code: ErrorCode, message: string) => {
    socket.send(encodeError(code, message));
    socket.close(code, message);
  };

  const allowedHosts = new Set((options.allowedOriginHosts ?? []).map((name) => name.toLowerCase()));
  const checkOrigin = async (request: FastifyRequest) => {
    if (!originAllowed(request.headers.origin, request.headers.host, allowedHosts))
      throw new ApiError(403, 'This page may not open the realtime socket.');
  };

  app.route<{ Params: { key: string } }>({
    method: 'GET',
    url: '/app/:key',
    preValidation: checkOrigin,
    // A plain GET (no upgrade): the SPEC's error shape, saying what the path is for.
    handler: async (_request, reply) => {
      reply.header('upgrade', 'websocket');
      throw new ApiError(426, 'This address is the realtime WebSocket: connect with a WebSocket upgrade.');
    },
    wsHandler: (socket, request) => {
      if (closed) return refuse(socket, ErrorCode.Reconnect, 'Server shutting down');
      if (!options.isKnownAppKey(request.params.key)) {
        return refuse(socket, ErrorCode.AppNotFound, `Application does not exist`);
      }
      const query = checkConnectQuery(request.query);
      if (!query.ok) return refuse(socket, query.code, query.message);

      sequence = (sequence + 1) % 2 ** 31;
      const connection = new Connection(socket, formatSocketId(randomInt(2 ** 31), sequence), host);
      connections.add(connection);
      connection.start(advertisedTimeout);
    },
  });

  const realtime: Realtime = {
    publish(channel, event, data) {
      publishVia(broker, app.log, channel, event, data);
    },
    async close() {
      if (closed) return;
      closed = true;
      await unsubscribeBroker();
      const open = [...connections];
      for (const connection of open) connection.close(ErrorCode.Reconnect, 'Server shutting down');
      // Give clients a moment to finish the close handshake, then cut the rest so
      // shutdown never waits on ws's 30 s close timeout.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)));
      await Promise.race([Promise.all(open.map((c) => c.gone)), grace]);
      clearTimeout(timer);
      for (const connection of connections) connection.terminate();
      await Promise.all(open.map((c) => c.gone));
    },
    connectionCount: () => connections.size,
    subscriberCount: (channel) => host.registry.subscriberCount(channel),
    channelCount: () => host.registry.channelCount,
  };
  // On app.close(). If @fastify/websocket was registered before us, its own preClose has
  // already closed the sockets (plain close; pusher-js then retries after ~1 s) and this
  // only detaches from the broker; either way the client reconnects.
  app.addHook('preClose', () => realtime.close());
  return realtime;
}
