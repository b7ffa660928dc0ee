/**
 * The realtime socket (SPEC section 7): our server speaks the Pusher protocol on /app/{key} of
 * the page's own host, so pusher-js talks to it with the settings below (STACK.md). Screens use
 * the small RealtimeClient interface; tests pass a fake behind it.
 */
import Pusher, { type Channel } from 'pusher-js';

export interface RealtimeSubscription {
  /** Settles once the server confirmed the subscription; rejects when it refused or the socket cannot connect. */
  ready: Promise<void>;
  bind(event: string, handler: (data: unknown) => void): void;
  /** Stops listening and leaves the channel. */
  leave(): void;
}

export interface RealtimeClient {
  subscribe(channel: string): RealtimeSubscription;
}

/** How long to wait for a subscription before falling back to reading the API. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export function createPusherRealtime(apiKey: string, where: Location = window.location): RealtimeClient {
  const secure = where.protocol === 'https:';
  const port = Number(where.port) || (secure ? 443 : 80);
  const pusher = new Pusher(apiKey, {
    cluster: 'mt1',
    wsHost: where.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
  });
  return {
    subscribe(name) {
      const channel: Channel = pusher.subscribe(name);
      const bound: Array<[string, (data: unknown) => void]> = [];
      const ready = new Promise<void>((resolve, reject) => {
        if (channel.subscribed) return resolve();
        const timer = setTimeout(() => reject(new Error('The realtime connection did not answer.')), SUBSCRIBE_TIMEOUT_MS);
        channel.bind('pusher:subscription_succeeded', () => {
          clearTimeout(timer);
          resolve();
        });
        channel.bind('pusher:subscription_error', (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error('The realtime server refused the subscription.'));
        });
      });
      return {
        ready,
        bind(event, handler) {
          bound.push([event, handler]);
          channel.bind(event, handler);
        },
        leave() {
          for (const [event, handler] of bound) channel.unbind(event, handler);
          pusher.unsubscribe(name);
        },
      };
    },
  };
}

const clients = new Map<string, RealtimeClient>();
/** One socket per brand key for the whole page. */
export function sharedRealtime(apiKey: string): RealtimeClient {
  let client = clients.get(apiKey);
  if (!client) {
    client = createPusherRealtime(apiKey);
    clients.set(apiKey, client);
  }
  return client;
}
