// The seam between "someone published an event" and "this instance delivers it".
// Every Realtime instance publishes only through the broker and delivers only what the
// broker hands back, so a Redis pub/sub broker later makes events fan out across
// instances without touching the socket code.

/** One channel event as it crosses the broker; `data` is already JSON-encoded. */
export interface RealtimeMessage {
  channel: string;
  event: string;
  data: string;
}

export type RealtimeMessageHandler = (message: RealtimeMessage) => void;

export interface RealtimeBroker {
  /** Fan a message out to every subscriber (on every instance, for a networked broker). */
  publish(message: RealtimeMessage): void | Promise<void>;
  /** Receive every published message; returns the function that stops receiving. */
  subscribe(handler: RealtimeMessageHandler): () => void | Promise<void>;
}

/**
 * Single-process broker: delivers synchronously, so events published one after another
 * reach sockets in the same order (the search job relies on "results retrieved" coming
 * before "journey processed").
 */
export class InProcessBroker implements RealtimeBroker {
  readonly #handlers = new Set<RealtimeMessageHandler>();

  constructor(private readonly onHandlerError: (error: unknown) => void = () => {}) {}

  publish(message: RealtimeMessage): void {
    for (const handler of this.#handlers) {
      // One failing subscriber must not starve the others or throw into the publisher.
      try {
        handler(message);
      } catch (error) {
        this.onHandlerError(error);
      }
    }
  }

  subscribe(handler: RealtimeMessageHandler): () => void {
    // Wrap so the same function subscribed twice gets two independent subscriptions.
    const entry: RealtimeMessageHandler = (message) => handler(message);
    this.#handlers.add(entry);
    return () => {
      this.#handlers.delete(entry);
    };
  }

  get subscriberCount(): number {
    return this.#handlers.size;
  }
}
