/**
 * Results opened offline (issue 21 item 9): the search's list needs the network, so instead of
 * 'Gathering your results' for ever the screen says so, and lists the journeys of this search
 * that are on this device (those opened before, kept offline by React Query's persister).
 */
import { Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { Journey } from '../../../contract/journey';
import { journeyQueryKey } from '../../lib/journey-key';
import { JourneyCard } from './JourneyCard';
import classes from './results.module.css';

/** The journeys of `hash` in the query cache (read as their ids joined, a stable snapshot). */
function useCachedJourneys(hash: string): Journey[] {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((notify: () => void) => cache.subscribe(notify), [cache]);
  const ids = useSyncExternalStore(subscribe, () =>
    client
      .getQueriesData<Journey>({ queryKey: journeyQueryKey(hash, '').slice(0, 2) })
      .flatMap(([, journey]) => (journey ? [journey.id] : []))
      .join(' '),
  );
  return useMemo(
    () => (ids ? ids.split(' ').flatMap((id) => client.getQueryData<Journey>(journeyQueryKey(hash, id)) ?? []) : []),
    [ids, client, hash],
  );
}

/** `listKept` false when some of the search's cards are already on screen (offline mid-stream). */
export function OfflineResults({ hash, listKept = true }: { hash: string; listKept?: boolean }) {
  const cached = useCachedJourneys(hash);
  const kept = listKept ? cached : [];
  const count = kept.length === 1 ? 'One journey' : `${kept.length} journeys`;
  return (
    <>
      <Paper withBorder p="md" my="md" component="section" aria-labelledby="offline-results-heading">
        <Title order={2} size="h4" id="offline-results-heading">
          You are offline
        </Title>
        <Text>The results of this search need the network. They will load here when you are back online.</Text>
        {listKept && (
          <Text mt="xs">
            {kept.length === 0
              ? 'None of its journeys were opened on this device, so none can be shown offline.'
              : `${count} of this search, opened before, ${kept.length === 1 ? 'is' : 'are'} kept on this device:`}
          </Text>
        )}
      </Paper>
      {kept.length > 0 && (
        <ol className={classes.list} aria-label="Journeys kept on this device">
          {kept.map((journey, index) => (
            <li key={journey.id}>
              <JourneyCard hash={hash} journey={journey} position={index + 1} emissions={null} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
