/**
 * What screens need to know about searches planned on the device (issue 20), kept tiny: the
 * planner and its worker load only when such a search is read (a dynamic import), so Results and
 * Journey chunks do not grow. A device search's hash starts with 'device-'.
 */
import type { Journey } from '../../../contract/journey';
import type { SearchQuery } from '../../../contract/search';
import type { RealtimeClient, RealtimeSubscription } from '../realtime';

export const DEVICE_HASH_PREFIX = 'device-';
export const isDeviceHash = (hash: string) => hash.startsWith(DEVICE_HASH_PREFIX);

export const PLANNED_ON_DEVICE = 'Planned on this device, offline';
/** The save bar of a journey planned on the device (issue 20): offline, then once the signal is back. */
export const DEVICE_SAVE = {
  needsSignal:
    'Saving needs a connection: this journey was planned on this device, offline. When you have a signal again, you can plan it online and save it.',
  signalBack: 'You have a signal again. Plan this journey online to save it.',
  button: 'Plan online to save',
  failed: 'Planning online did not work. Please try again in a moment.',
} as const;

export const readDeviceSearch = (hash: string): Promise<SearchQuery> =>
  import('./client').then((m) => m.readDeviceSearch(hash));
export const readDeviceJourney = (hash: string, journeyId: string): Promise<Journey> =>
  import('./client').then((m) => m.readDeviceJourney(hash, journeyId));

/** A device search has no channel: every journey is there at once (the stream then reads it and is done). */
const NO_CHANNEL: RealtimeSubscription = {
  ready: Promise.reject(new Error('planned on the device')),
  bind: () => undefined,
  leave: () => undefined,
};
NO_CHANNEL.ready.catch(() => undefined);

export function withoutDeviceChannels(realtime: RealtimeClient): RealtimeClient {
  return { subscribe: (channel) => (channel.includes(DEVICE_HASH_PREFIX) ? NO_CHANNEL : realtime.subscribe(channel)) };
}

/** Why a search could not be planned on the device, for the form. */
export const DEVICE_UNAVAILABLE = {
  'no-pack':
    'We could not reach the journey planner, and this device has no timetables for planning offline yet. Open the app once with a signal to keep them.',
  damaged:
    'We could not reach the journey planner, and the timetables on this device were damaged: they are downloaded again when you have a signal. Until then, planning is unavailable.',
  failed:
    'We could not reach the journey planner, and planning on this device failed. Please try again when you have a signal.',
} as const;
