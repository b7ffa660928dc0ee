/**
 * The save bar's part for a journey planned on the device, offline (issue 20): the server does
 * not know it, so saving needs a connection. Offline it says so; once the signal is back it
 * offers to plan the same search online, which opens its results, where a journey can be saved.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DEVICE_SAVE } from '../../lib/device-planner/device-searches';
import { useOnline } from '../../lib/online-status';
import classes from './journey.module.css';
import { useJourneyServices } from './services';

export function DeviceSaveOffer({ hash }: { hash: string }) {
  const online = useOnline();
  const services = useJourneyServices();
  const navigate = useNavigate();
  const plan = useMutation({
    mutationFn: async () => {
      if (!services.planOnline) throw new Error('planning online is not available here');
      return services.planOnline(hash);
    },
    onSuccess: (next) => navigate({ to: '/search/$hash/results', params: { hash: next } }),
  });
  if (!online) {
    return (
      <Text size="sm" role="note" maw={420}>
        {DEVICE_SAVE.needsSignal}
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-end" maw={420} className={classes.noPrint}>
      <Text size="sm" role="status">
        {DEVICE_SAVE.signalBack}
      </Text>
      {plan.isError && (
        <Text size="sm" role="alert">
          {DEVICE_SAVE.failed}
        </Text>
      )}
      <Button loading={plan.isPending} onClick={() => plan.mutate()}>
        {DEVICE_SAVE.button}
      </Button>
    </Stack>
  );
}
