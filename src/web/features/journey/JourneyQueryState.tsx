/**
 * A journey read's states, as the Journey details, stage and print views show them: offline
 * and never opened here, loading, failed (SPEC section 8: nothing more is said), or the journey.
 */
import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import type { Journey } from '../../../contract/journey';

export function JourneyQueryState({
  query,
  deferred = false,
  children,
}: {
  query: UseQueryResult<Journey>;
  /**
   * Journey details is a large tree: with `deferred`, when the read resolves it renders as
   * deferred work, which React splits into slices of a few milliseconds between the browser's
   * own tasks, not one task of a few hundred milliseconds on a phone (issue 32: Total Blocking
   * Time). The stage page's smaller tree draws at once: deferring it put its largest paint later.
   */
  deferred?: boolean;
  children: (journey: Journey) => ReactNode;
}) {
  const later = useDeferredValue(query.data);
  const journey = deferred ? later : query.data;
  if (query.isPending && query.fetchStatus === 'paused') {
    // Offline, and this journey was never opened on this device.
    return (
      <Text role="alert">
        You are offline and this journey has not been opened on this device before. Connect to the internet to see it.
      </Text>
    );
  }
  if (query.isPending || (journey === undefined && !query.isError)) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading the journey</Text>
      </Group>
    );
  }
  if (query.isError)
    return <Text role="alert">This journey could not be loaded. It may have expired; please plan again.</Text>;
  return journey === undefined ? null : children(journey);
}
