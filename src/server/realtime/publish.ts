// Turning a publish call into a broker message, shared by the endpoint and the plugin
// handle (which may publish before the endpoint is registered).
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeBroker, RealtimeMessage } from './broker';
import { isValidChannelName } from './channels';

type ErrorLogger = Pick<FastifyBaseLogger, 'error'>;

export function publishVia(
  broker: RealtimeBroker,
  log: ErrorLogger,
  channel: string,
  event: string,
  data: unknown,
): void {
  // A bad channel or event name here is a programming error, not user input.
  if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
  if (event.length === 0 || event.length > 200) throw new TypeError(`Invalid event name: ${event}`);
  const message: RealtimeMessage = { channel, event, data: JSON.stringify(data) ?? 'null' };
  // Fire-and-forget for the job that calls it: a broker failure (sync or async, e.g.
  // Redis down) is logged, never thrown into the search pipeline.
  const failed = (error: unknown) => log.error({ err: error, channel, event }, 'realtime: publish failed');
  try {
    const pending = broker.publish(message);
    if (pending) pending.catch(failed);
  } catch (error) {
    failed(error);
  }
}
