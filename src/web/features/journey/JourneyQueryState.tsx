/**
 * A journey read's states, as the Journey details, stage and print views show them: offline
 * and never opened here, loading, failed (SPEC section 8: nothing more is said), or the journey.
 */
import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Journey } from '../../../contract/journey';

export function JourneyQueryState({
  query,
  children,
}: {
  query: UseQueryResult<Journey>;
  children: (journey: Journey) => ReactNode;
}) {
  if (query.isPending && query.fetchStatus === 'paused') {
    // Offline, and this journey was never opened on this device.
    return (
      <Text role="alert">
        You are offline and this journey has not been opened on this device before. Connect to the internet to see it.
      </Text>
    );
  }
  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading the journey</Text>
      </Group>
    );
  }
  if (query.isError)
    return <Text role="alert">This journey could not be loaded. It may have expired; please plan again.</Text>;
  return children(query.data);
}
