/**
 * 'You are offline' with the age of what is shown (ARCHITECTURE "Offline"): journeys opened
 * before are read from the device, and the traveller should know how old their times are.
 */
import { Alert, Container } from '@mantine/core';
import { useOldestShownData, useOnline } from '../../lib/online-status';
import { clockLabel, wallDateLabel } from '../../components/journey-labels';
import { wallClockAt } from '../../../vocabulary/time';

/** '14:05 on Tue 3 Mar' (London time). */
export function fetchedAtLabel(time: number): string {
  const wall = wallClockAt(time);
  return `${clockLabel(wall)} on ${wallDateLabel(wall, false)}`;
}

export function offlineMessage(fetchedAt: number | null): string {
  return fetchedAt === null
    ? 'You are offline. Journeys you opened before are still available on this device.'
    : `You are offline. The information shown was fetched at ${fetchedAtLabel(fetchedAt)} and may have changed since.`;
}

export function OfflineBanner() {
  const online = useOnline();
  const fetchedAt = useOldestShownData();
  if (online) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="filled"
      radius={0}
      c="dark"
      px={0}
      styles={{ message: { color: 'inherit' } }}
      data-testid="offline-banner"
    >
      {/* Lined up with the page's content, as the header and the updates strip are. */}
      <Container size="lg">{offlineMessage(fetchedAt)}</Container>
    </Alert>
  );
}
