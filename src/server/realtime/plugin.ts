// Adapter for buildServer's `realtime?: FastifyPluginAsync` slot: the rest of the server
// (the search job) gets a Realtime handle up front, before the app is built and listening.
import type { FastifyPluginAsync } from 'fastify';
import { InProcessBroker } from './broker';
import { registerRealtime } from './endpoint';
import type { Realtime, RealtimeOptions } from './endpoint';
import { publishVia } from './publish';

export interface RealtimePlugin {
  /** Pass as `buildServer({ realtime: plugin })`. Register it once. */
  plugin: FastifyPluginAsync;
  /** Usable at once; publishes before registration go to the broker (no sockets yet). */
  realtime: Realtime;
}

export function createRealtimePlugin(options: RealtimeOptions): RealtimePlugin {
  // One broker for the handle and the registered endpoint, so early publishes take the same path.
  const broker = options.broker ?? new InProcessBroker();
  let inner: Realtime | undefined;

  const plugin: FastifyPluginAsync = async (app) => {
    if (inner) throw new Error('The realtime plugin is already registered');
    inner = await registerRealtime(app, { ...options, broker });
  };

  const realtime: Realtime = {
    publish(channel, event, data) {
      if (inner) return inner.publish(channel, event, data);
      // Not registered yet: no local sockets, but another instance may have subscribers.
      publishVia(broker, console, channel, event, data);
    },
    close: async () => inner?.close(),
    connectionCount: () => inner?.connectionCount() ?? 0,
    subscriberCount: (channel) => inner?.subscriberCount(channel) ?? 0,
    channelCount: () => inner?.channelCount() ?? 0,
  };
  return { plugin, realtime };
}
