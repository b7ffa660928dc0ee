/**
 * Home's "plan without signal" panel (issue 20): whether the brand's region is on this device
 * for planning offline, in words; a progress bar while it downloads; a button to remove it (or
 * to keep it again), never squeezed by the text beside it at 390 px; a clear message when storage is refused or full. Home mounts it only once
 * it has settled (useSettled), so its code is not part of Home's first JavaScript and the
 * background download it asks for never competes with the first load.
 */
import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { PackProblem } from '../../lib/device-planner/pack-cache';
import { requestPackSync, usePackState } from '../../lib/device-planner/pack-state';
import { wallClockAt } from '../../../vocabulary/time';
import { longDateLabel } from '../../components/journey-labels';
import { rolledTimetableLabel } from '../../components/timetable-notes';

export const OFFLINE_PACK_MESSAGES = {
  /** `timetables`: the rolled-forward ones, named by their own years ("2022-23 rail timetable, moved onto this week's dates"). */
  available: (label: string, date: string, timetables: readonly string[] = []) =>
    `${label} is available offline (prepared ${date}${timetables.map((t) => `; ${t}`).join('')}).`,
  downloading: (label: string) => `Downloading ${label} for planning without signal…`,
  offer: 'Plan journeys with no signal: keep this area’s timetables on this device (about 1 MB).',
  problems: {
    'storage-full':
      'There is not enough storage on this device to keep the timetables for offline use. Free some space, then reload this page.',
    'storage-refused':
      'This browser would not let us keep the timetables for offline use (private browsing, or site storage turned off).',
    network: 'The timetables for offline use could not be downloaded. We will try again the next time you are online.',
    damaged:
      'The timetables for offline use arrived damaged and were discarded; they are being downloaded again. Until then, planning needs a connection.',
  } satisfies Record<PackProblem, string>,
} as const;

const dateOf = (iso: string) => longDateLabel(wallClockAt(new Date(iso).getTime()));

export function OfflinePack() {
  const pack = usePackState();
  const { supported, optedOut } = pack;

  useEffect(() => {
    if (!supported || optedOut) return;
    void requestPackSync();
  }, [supported, optedOut]);

  if (!supported) return null;
  // Offline with a pack kept, the check for a newer one fails: nothing to report, the pack works.
  const problem = pack.problem === 'network' && pack.stored ? null : pack.problem;
  const percent = pack.progress ? Math.round((100 * pack.progress.received) / Math.max(1, pack.progress.total)) : 0;
  return (
    <Paper withBorder p="md" maw={560} mt="md" component="section" aria-label="Planning without signal">
      <Stack gap="xs">
        {pack.stored && (
          <Group justify="space-between" wrap="nowrap" align="center" preventGrowOverflow={false}>
            <Text size="sm" role="status" style={{ flex: 1, minWidth: 0 }}>
              {OFFLINE_PACK_MESSAGES.available(
                pack.stored.label,
                dateOf(pack.stored.built_at),
                (pack.stored.rolled_forward ?? []).map((t) => rolledTimetableLabel(t.mode, t.from, t.to)),
              )}
            </Text>
            <Button variant="subtle" size="compact-sm" style={{ flexShrink: 0 }} onClick={() => void pack.remove()}>
              Remove
            </Button>
          </Group>
        )}
        {pack.progress && (
          <>
            <Text size="sm">{OFFLINE_PACK_MESSAGES.downloading(pack.stored?.label ?? 'the timetables')}</Text>
            <Progress value={percent} aria-label={`Downloading for offline use: ${percent}%`} />
          </>
        )}
        {problem && (
          <Alert color={problem === 'network' ? 'gray' : 'orange'} role="alert">
            {OFFLINE_PACK_MESSAGES.problems[problem]}
          </Alert>
        )}
        {!pack.stored && !pack.progress && optedOut && (
          <Group justify="space-between" wrap="nowrap" align="center" preventGrowOverflow={false}>
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              {OFFLINE_PACK_MESSAGES.offer}
            </Text>
            <Button variant="light" size="compact-sm" style={{ flexShrink: 0 }} onClick={pack.keep}>
              Keep offline
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
