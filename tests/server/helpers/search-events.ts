/** A pusher-js client's view of one search channel, and a free TCP port for a child server. */
import net from 'node:net';
import Pusher from 'pusher-js';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED, searchChannel } from '../../../src/vocabulary/index';

export function pusherClient(appKey: string, port: number): Pusher {
  return new Pusher(appKey, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  });
}

export interface SearchEvents {
  /** Event names in arrival order. */
  events: string[];
  /** journeyID of each 'journey processed', in order. */
  ids: string[];
  /** Resolves with journey_count once that many journeys have been announced. */
  all: Promise<number>;
}

/** Subscribes to query.{hash}; resolves once subscribed. `onJourney` runs per announced journey (the app fetches it). */
export async function subscribeToSearch(
  pusher: Pusher,
  hash: string,
  onJourney: (journeyId: string) => void = () => {},
): Promise<SearchEvents> {
  const channel = pusher.subscribe(searchChannel(hash));
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', reject);
  });
  const events: string[] = [];
  const ids: string[] = [];
  const all = new Promise<number>((resolve) => {
    let expected = -1;
    channel.bind(RESULTS_RETRIEVED, (data: { journey_count: number }) => {
      events.push(RESULTS_RETRIEVED);
      expected = data.journey_count;
      if (expected === 0) resolve(0);
    });
    channel.bind(JOURNEY_PROCESSED, (data: { journeyID: string }) => {
      events.push(JOURNEY_PROCESSED);
      ids.push(data.journeyID);
      onJourney(data.journeyID);
      if (ids.length === expected) resolve(expected);
    });
  });
  return { events, ids, all };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
