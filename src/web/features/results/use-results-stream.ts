/**
 * Streams a search's results (SPEC section 4): subscribe to query.{hash} first, then read the
 * search through the API, so an event sent before the subscription is not lost (the read has
 * it) and one sent after is not missed (the socket has it). On brands with an initial delay the
 * first read, and any journey fetch, waits that long. Without a socket it polls the search.
 */
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useReducer } from 'react';
import { JOURNEY_PROCESSED, RESULTS_RETRIEVED, searchChannel } from '../../../vocabulary/index';
import type { Journey } from '../../../contract/journey';
import { ApiRequestError } from '../../lib/api';
import { journeyQueryKey } from '../../lib/journey-key';
import type { ResultsServices } from './services';
import { initialStreamState, isDone, streamReducer, type StreamAction, type StreamState } from './stream-state';

/** How often to re-read the search when the socket is not available. */
export const POLL_MS = 3_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export { journeyQueryKey };

/** The stream's state and the search it belongs to. */
interface SearchStream {
  hash: string;
  state: StreamState;
}

/** An action for another search than the one held starts that search's state afresh. */
function searchStreamReducer(current: SearchStream, { hash, action }: { hash: string; action: StreamAction }) {
  return { hash, state: streamReducer(current.hash === hash ? current.state : initialStreamState, action) };
}

/**
 * `online` false: nothing starts (the search cannot be read); it starts when the network returns.
 * A new hash (Edit journey's 'Update routes' keeps this screen mounted) starts from nothing: the
 * last search's journeys, count and 'found' status are never shown, or merged, as the new one's.
 */
export function useResultsStream(hash: string, services: ResultsServices, online = true): StreamState {
  const [stream, dispatch] = useReducer(searchStreamReducer, { hash, state: initialStreamState });
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    const { signal } = controller;
    const seen = new Set<string>();
    const waiting: string[] = [];
    let reading = true;
    let latest = initialStreamState;
    const apply = (action: StreamAction) => {
      latest = streamReducer(latest, action);
      // Cards render as a transition: React yields to the browser between them, so a page of
      // results arriving at once is not one long task on a phone (typing and taps stay urgent).
      if (!signal.aborted) startTransition(() => dispatch({ hash, action }));
    };

    // Fetched through React Query's cache, so Journey details opens it without another call.
    const fetchJourney = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      queryClient
        .fetchQuery({
          queryKey: journeyQueryKey(hash, id),
          queryFn: () => services.getJourney(hash, id, signal),
          staleTime: Infinity,
        })
        .then((journey: Journey) => apply({ type: 'journey', journey }))
        .catch(() => signal.aborted || apply({ type: 'lost' }));
    };

    const subscription = services.realtime.subscribe(searchChannel(hash));
    subscription.bind(RESULTS_RETRIEVED, (data) => {
      const count = (data as { journey_count?: unknown } | null)?.journey_count;
      if (typeof count === 'number') apply({ type: 'retrieved', count });
    });
    subscription.bind(JOURNEY_PROCESSED, (data) => {
      const id = (data as { journeyID?: unknown } | null)?.journeyID;
      if (typeof id !== 'string') return;
      if (reading) waiting.push(id);
      else fetchJourney(id);
    });

    const readSearch = async () => {
      const query = await services.getSearch(hash, signal);
      for (const journey of query.journeys) {
        seen.add(journey.id);
        queryClient.setQueryData(journeyQueryKey(hash, journey.id), journey);
      }
      apply({ type: 'snapshot', query });
    };

    void (async () => {
      const live = await subscription.ready.then(
        () => true,
        () => false,
      );
      await sleep(services.initialDelayMs, signal);
      try {
        await readSearch();
        reading = false;
        for (const id of waiting.splice(0)) fetchJourney(id);
        // No socket: read the search again until every journey is in.
        while (!live && !signal.aborted && !isDone(latest)) {
          await sleep(POLL_MS, signal);
          if (!signal.aborted) await readSearch();
        }
      } catch (error) {
        if (signal.aborted) return;
        apply({
          type: 'error',
          message:
            error instanceof ApiRequestError
              ? error.message
              : 'We could not load the results. Check your connection and try again.',
        });
      }
    })();

    return () => {
      controller.abort();
      subscription.leave();
    };
  }, [hash, services, queryClient, online]);

  return stream.hash === hash ? stream.state : initialStreamState;
}
