// Realtime fan-out across server instances through Redis pub/sub: every instance publishes
// to one Redis channel and delivers what comes back (its own messages included), so a client
// connected to instance A gets events published by instance B or by a worker process.
// Redis keeps the order of one connection's publishes, so 'results retrieved' still
// arrives before 'journey processed'.
import { Redis } from 'ioredis';
import type { RealtimeBroker, RealtimeMessage, RealtimeMessageHandler } from './broker';

export interface RedisBrokerOptions {
  url: string;
  /** Redis channel name; instances that share it share events. */
  channel: string;
  onError?: (error: unknown) => void;
}

function isMessage(value: unknown): value is RealtimeMessage {
  const m = value as Partial<RealtimeMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.channel === 'string' &&
    typeof m.event === 'string' &&
    typeof m.data === 'string'
  );
}

export class RedisBroker implements RealtimeBroker {
  readonly #publisher: Redis;
  #subscriber: Redis | undefined;
  readonly #handlers = new Set<RealtimeMessageHandler>();
  readonly #onError: (error: unknown) => void;

  constructor(private readonly options: RedisBrokerOptions) {
    this.#onError = options.onError ?? (() => {});
    this.#publisher = new Redis(options.url, { lazyConnect: false });
    this.#publisher.on('error', this.#onError);
  }

  async publish(message: RealtimeMessage): Promise<void> {
    await this.#publisher.publish(this.options.channel, JSON.stringify(message));
  }

  subscribe(handler: RealtimeMessageHandler): () => void {
    const entry: RealtimeMessageHandler = (message) => handler(message);
    this.#handlers.add(entry);
    // A publish-only user (the worker) never opens the subscriber connection.
    if (!this.#subscriber) {
      const subscriber = new Redis(this.options.url);
      subscriber.on('error', this.#onError);
      subscriber.on('message', (_channel: string, text: string) => this.#deliver(text));
      subscriber.subscribe(this.options.channel).catch(this.#onError);
      this.#subscriber = subscriber;
    }
    return () => {
      this.#handlers.delete(entry);
    };
  }

  /** Resolves once the subscription is live (tests, and servers that must not miss the first event). */
  async ready(): Promise<void> {
    const subscriber = this.#subscriber;
    if (!subscriber) return;
    // A PING on a subscribed connection is answered after the SUBSCRIBE before it.
    await subscriber.ping();
  }

  #deliver(text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch (error) {
      return this.#onError(error);
    }
    if (!isMessage(message)) return this.#onError(new Error('realtime: malformed message from Redis'));
    for (const handler of this.#handlers) {
      try {
        handler(message);
      } catch (error) {
        this.#onError(error);
      }
    }
  }

  async close(): Promise<void> {
    this.#handlers.clear();
    await Promise.all([this.#publisher.quit().catch(() => {}), this.#subscriber?.quit().catch(() => {})]);
  }
}
