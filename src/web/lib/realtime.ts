/**
 * The realtime socket (SPEC section 7): our server speaks the Pusher protocol on /app/{key} of
 * the page's own host, so pusher-js talks to it with the settings below (STACK.md). Screens use
 * the small RealtimeClient interface; tests pass a fake behind it.
 */
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';

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

/**
 * pusher-js is loaded, and its socket opened, on the first subscription: a finished search (most
 * Results loads, every reload) never needs it, and on a phone its script and connection were a
 * tenth of a second of the page's first load.
 */
export function createPusherRealtime(apiKey: string, where: Location = window.location): RealtimeClient {
  let pusher: Promise<Pusher> | undefined;
  const connect = () =>
    (pusher ??= import('pusher-js').then(({ default: PusherClient }) => {
      const secure = where.protocol === 'https:';
      const port = Number(where.port) || (secure ? 443 : 80);
      return new PusherClient(apiKey, {
        cluster: 'mt1',
        wsHost: where.hostname,
        wsPort: port,
        wssPort: port,
        forceTLS: secure,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
      });
    }));
  return {
    subscribe(name) {
      const bound: Array<[string, (data: unknown) => void]> = [];
      let left = false;
      const channel: Promise<Channel> = connect().then((client) => client.subscribe(name));
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('The realtime connection did not answer.')),
          SUBSCRIBE_TIMEOUT_MS,
        );
        channel.then(
          (subscribed) => {
            if (subscribed.subscribed) {
              clearTimeout(timer);
              return resolve();
            }
            subscribed.bind('pusher:subscription_succeeded', () => {
              clearTimeout(timer);
              resolve();
            });
            subscribed.bind('pusher:subscription_error', (error: unknown) => {
              clearTimeout(timer);
              reject(error instanceof Error ? error : new Error('The realtime server refused the subscription.'));
            });
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error('The realtime client could not load.'));
          },
        );
      });
      // A failed load is reported through `ready`; the calls below then have nothing to do.
      channel.catch(() => undefined);
      return {
        ready,
        bind(event, handler) {
          bound.push([event, handler]);
          void channel.then(
            (subscribed) => {
              if (!left) subscribed.bind(event, handler);
            },
            () => undefined,
          );
        },
        leave() {
          left = true;
          void channel.then(
            (subscribed) => {
              for (const [event, handler] of bound) subscribed.unbind(event, handler);
              void pusher?.then((client) => client.unsubscribe(name));
            },
            () => undefined,
          );
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
