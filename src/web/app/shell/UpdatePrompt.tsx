/**
 * "A new version is ready - Reload" (issue 31): a release installed in the background waits for
 * the traveller instead of taking over the page they are reading.
 */
import { Alert, Button, Container, Group, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { reloadToNewVersion, updateState } from '../../lib/service-worker';

export const UPDATE_READY_TEXT = 'A new version is ready';

export function UpdatePrompt() {
  const ready = useSyncExternalStore(updateState.subscribe, updateState.ready, () => false);
  // The live region is always in the page, so screen readers announce the text when it appears
  // (aria-live without role=status: an empty status would be one more 'status' on every screen).
  return (
    <div aria-live="polite" data-testid="update-region">
      {ready && (
        <Alert color="blue" variant="light" radius={0} px={0} py="xs" data-testid="update-prompt">
          <Container size="lg">
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={700}>
                {UPDATE_READY_TEXT}
              </Text>
              <Button size="compact-sm" onClick={reloadToNewVersion}>
                Reload
              </Button>
            </Group>
          </Container>
        </Alert>
      )}
    </div>
  );
}
