/**
 * The health brand's return options (SPEC sections 2, 4 and 8): the appointment length (30 to
 * 180 minutes, default 1 hour) with Update, and 'Show me an early / a later return option'. Each
 * asks POST .../update-return-time for a new return time when it differs from the current one and
 * opens the re-planned results; a failure shows its field errors only.
 */
import { Alert, Button, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Journey } from '../../../contract/journey';
import { ApiRequestError } from '../../lib/api';
import { useBrand } from '../../lib/brand';
import {
  APPOINTMENT_MINUTES,
  appointmentLabel,
  changedReturnTime,
  rememberAppointmentMinutes,
  RETURN_OPTION_SHIFT_MINUTES,
  returnAfterAppointment,
  shiftSearchTime,
} from './return-time';
import classes from './journey.module.css';
import { useReturnServices } from './return-services';

export interface HealthReturnOptionsProps {
  hash: string;
  journey: Journey;
  appointmentMinutes: number;
  onAppointmentMinutesChange(minutes: number): void;
}

type Action = 'appointment' | 'early' | 'later';

/** First message per field; SPEC section 8: update-return-time failures show field errors only. */
const fieldMessages = (error: unknown): string[] =>
  error instanceof ApiRequestError && error.errors ? Object.values(error.errors).flatMap((messages) => messages.slice(0, 1)) : [];

export function HealthReturnOptions({ hash, journey, appointmentMinutes, onAppointmentMinutesChange }: HealthReturnOptionsProps) {
  const brand = useBrand();
  const services = useReturnServices();
  const navigate = useNavigate();
  const search = useQuery({ queryKey: ['search-times', hash], queryFn: ({ signal }) => services.getSearch(hash, signal), staleTime: 60_000, retry: false });
  const [chosen, setChosen] = useState(appointmentMinutes);
  const [pending, setPending] = useState<Action | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const current = search.data?.return_time ?? null;

  async function changeReturnTime(action: Action, next: string | null, minutes: number) {
    const time = changedReturnTime(current, next);
    if (!time || pending) return;
    setPending(action);
    setErrors([]);
    try {
      const newHash = await services.updateReturnTime(hash, time);
      rememberAppointmentMinutes(newHash, minutes);
      await navigate({ to: '/search/$hash/results', params: { hash: newHash } });
    } catch (error) {
      setErrors(fieldMessages(error));
      setPending(null);
    }
  }

  const updateAppointment = () => {
    rememberAppointmentMinutes(hash, chosen);
    onAppointmentMinutesChange(chosen);
    void changeReturnTime('appointment', returnAfterAppointment(journey.depart, chosen), chosen);
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="return-options-title" className={classes.noPrint}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="return-options-title">
          Your appointment and the way home
        </Title>
        {errors.length > 0 && (
          <Alert color="red" role="alert" title="Please correct the following errors">
            <List size="sm">
              {errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {brand.health.appointmentStep && (
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label="Appointment length"
              value={String(chosen)}
              onChange={(event) => setChosen(Number(event.currentTarget.value))}
              data={APPOINTMENT_MINUTES.map((minutes) => ({ value: String(minutes), label: appointmentLabel(minutes) }))}
              disabled={pending !== null}
            />
            <Button onClick={updateAppointment} loading={pending === 'appointment'} disabled={pending !== null && pending !== 'appointment'}>
              Update
            </Button>
          </Group>
        )}
        {brand.health.alternativeReturn && current && (
          <Group gap="sm">
            <Button
              variant="outline"
              loading={pending === 'early'}
              disabled={pending !== null && pending !== 'early'}
              onClick={() => void changeReturnTime('early', shiftSearchTime(current, -RETURN_OPTION_SHIFT_MINUTES), appointmentMinutes)}
            >
              Show me an early return option
            </Button>
            <Button
              variant="outline"
              loading={pending === 'later'}
              disabled={pending !== null && pending !== 'later'}
              onClick={() => void changeReturnTime('later', shiftSearchTime(current, RETURN_OPTION_SHIFT_MINUTES), appointmentMinutes)}
            >
              Show me a later return option
            </Button>
          </Group>
        )}
        {brand.health.alternativeReturn && search.isSuccess && !current && (
          <Text size="sm">Choose an appointment length and Update to plan the way home as well.</Text>
        )}
      </Stack>
    </Paper>
  );
}
