// One pusher-js client socket: handshake, subscribe/unsubscribe, ping/pong, idle checks
// and bad-input handling. Protocol rules live in protocol.ts/channels.ts; this file only
// wires them to a ws socket and timers.
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { checkSubscribable } from './channels';
import {
  ErrorCode,
  MAX_FRAME_BYTES,
  encodeConnectionEstablished,
  encodeError,
  encodePing,
  encodePong,
  encodeSubscriptionError,
  encodeSubscriptionSucceeded,
  parseClientFrame,
} from './protocol';
import type { ClientFrame } from './protocol';
import type { SubscriptionRegistry } from './registry';

/** Bad frames tolerated per window before we decide the client is flooding us. */
export const MAX_BAD_FRAMES = 20;
const BAD_FRAME_WINDOW_MS = 10_000;
/** A query.{hash} page needs one channel; this only stops a client from hoarding memory. */
export const MAX_SUBSCRIPTIONS = 100;
/** Unsent bytes queued for a socket before we drop it as a slow consumer. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface ConnectionHost {
  readonly registry: SubscriptionRegistry<Connection>;
  readonly activityTimeoutMs: number;
  readonly pongTimeoutMs: number;
  readonly log: FastifyBaseLogger;
  onClosed(connection: Connection): void;
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, part) => n + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

export class Connection {
  #lastSeen = Date.now();
  #awaitingPong = false;
  #timer: NodeJS.Timeout | undefined;
  #badFrames = 0;
  #badWindowStart = Date.now();
  #onGone: () => void = () => {};
  /** Settles once the socket has fully closed and left every channel. */
  readonly gone = new Promise<void>((resolve) => (this.#onGone = resolve));

  constructor(
    readonly socket: WebSocket,
    readonly socketId: string,
    private readonly host: ConnectionHost,
  ) {}

  start(activityTimeoutSeconds: number): void {
    this.socket.on('message', (data, isBinary) => this.#onMessage(data, isBinary));
    // Any sign of life resets the idle clock, including ws-level pongs from non-browser clients.
    this.socket.on('pong', () => this.#touch());
    this.socket.on('close', () => this.#onClose());
    this.send(encodeConnectionEstablished(this.socketId, activityTimeoutSeconds));
    this.#schedule(this.host.activityTimeoutMs);
  }

  /** Queue a frame; false when the socket is not open (it is closing or gone). */
  send(frame: string): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(ErrorCode.OverCapacity, 'Client is not reading its messages');
      return false;
    }
    this.socket.send(frame);
    return true;
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(code, reason);
  }

  /** Drop the socket without waiting for the client's half of the close handshake. */
  terminate(): void {
    this.socket.terminate();
  }

  #onMessage(data: RawData, isBinary: boolean): void {
    this.#touch();
    if (isBinary) return this.#reject('Binary frames are not supported');
    if (byteLength(data) > MAX_FRAME_BYTES) {
      return this.#reject(`Message exceeds ${MAX_FRAME_BYTES} bytes`);
    }
    const parsed = parseClientFrame(toText(data));
    if (!parsed.ok) return this.#reject(parsed.message);
    this.#handle(parsed.frame);
  }

  #handle(frame: ClientFrame): void {
    const { registry } = this.host;
    switch (frame.kind) {
      case 'ping':
        this.send(encodePong());
        return;
      case 'pong':
        return; // #touch already cleared the pending ping
      case 'subscribe': {
        const check = checkSubscribable(frame.channel);
        if (!check.ok) {
          const invalid = check.reason === 'invalid-name';
          this.send(
            encodeSubscriptionError(frame.channel, {
              type: invalid ? 'InvalidChannel' : 'AuthError',
              error: check.message,
              status: invalid ? 400 : 403,
            }),
          );
          return;
        }
        const already = registry.members(frame.channel).has(this);
        if (!already && registry.channelCountOf(this) >= MAX_SUBSCRIPTIONS) {
          const error = `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`;
          this.send(encodeSubscriptionError(frame.channel, { type: 'LimitExceeded', error, status: 429 }));
          return;
        }
        registry.add(this, frame.channel);
        // Re-subscribing is acknowledged again: pusher-js resubscribes after reconnects.
        this.send(encodeSubscriptionSucceeded(frame.channel));
        return;
      }
      case 'unsubscribe':
        registry.remove(this, frame.channel);
        return;
      case 'client-event':
        this.send(
          encodeError(
            ErrorCode.ClientEventRejected,
            'Client events are only allowed on private and presence channels, which this server does not offer',
          ),
        );
        return;
      case 'unsupported':
        this.#reject(`Unsupported event ${frame.event}`);
        return;
    }
  }

  /** Report a bad frame and keep going, unless the client keeps sending them. */
  #reject(message: string): void {
    const now = Date.now();
    if (now - this.#badWindowStart > BAD_FRAME_WINDOW_MS) {
      this.#badWindowStart = now;
      this.#badFrames = 0;
    }
    this.#badFrames += 1;
    if (this.#badFrames > MAX_BAD_FRAMES) {
      this.host.log.warn({ socketId: this.socketId }, 'realtime: closing socket flooding bad frames');
      this.close(ErrorCode.Refused, 'Too many invalid messages');
      return;
    }
    this.send(encodeError(ErrorCode.BadMessage, message));
  }

  #touch(): void {
    this.#lastSeen = Date.now();
    this.#awaitingPong = false;
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#checkIdle(), ms);
    this.#timer.unref();
  }

  // One timer per socket, re-armed lazily: messages only stamp #lastSeen, so a chatty
  // client costs no timer churn.
  #checkIdle(): void {
    const idle = Date.now() - this.#lastSeen;
    if (idle < this.host.activityTimeoutMs) {
      this.#schedule(this.host.activityTimeoutMs - idle);
    } else if (!this.#awaitingPong) {
      this.#awaitingPong = true;
      this.send(encodePing());
      this.#schedule(this.host.pongTimeoutMs);
    } else {
      this.close(ErrorCode.PongNotReceived, 'Pong reply not received');
    }
  }

  #onClose(): void {
    clearTimeout(this.#timer);
    this.host.registry.removeMember(this);
    this.host.onClosed(this);
    this.#onGone();
  }
}
