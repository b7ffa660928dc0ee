/**
 * The health brand's return options (SPEC sections 2, 4 and 8): the appointment length (30 to
 * 180 minutes, default 1 hour) with Update, and 'Show me an early / a later return option'. Each
 * asks POST .../update-return-time for a new return time when it differs from the current one,
 * waits here for the re-planned search and shows its journey that goes there the same way, in
 * place (return-update); a failure shows its field errors only. The early and later options go to
 * the way home just before or after the one shown (the departures the planner found, else a search
 * before or after it, return-update returnStep), never before the appointment ends, and say so when
 * there is none.
 */
import { Alert, Button, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { Journey } from '../../../contract/journey';
import { ApiRequestError } from '../../lib/api';
import { useBrand } from '../../lib/brand';
import {
  APPOINTMENT_MINUTES,
  appointmentLabel,
  changedReturnTime,
  rememberAppointmentMinutes,
  returnAfterAppointment,
} from './return-time';
import classes from './journey.module.css';
import {
  appointmentEnd,
  matchingJourney,
  neighbourReturn,
  returnLeaves,
  returnsEarlier,
  returnsLater,
  returnStep,
  searchTimeOf,
  untilPlanned,
  type ReturnDirection,
} from './return-update';
import { useReturnServices } from './return-services';
import { journeyDetailsKey } from './services';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The screen updated itself under a new address: no scroll to the top. */
    keepScroll?: boolean;
    /** What the update changed, said on the updated screen. */
    returnNote?: string;
  }
}

export interface HealthReturnOptionsProps {
  hash: string;
  journey: Journey;
  appointmentMinutes: number;
  onAppointmentMinutesChange(minutes: number): void;
}

type Action = 'appointment' | 'early' | 'later';

/** First message per field; SPEC section 8: update-return-time failures show field errors only. */
const fieldMessages = (error: unknown): string[] =>
  error instanceof ApiRequestError && error.errors
    ? Object.values(error.errors).flatMap((messages) => messages.slice(0, 1))
    : [];

export function HealthReturnOptions({
  hash,
  journey,
  appointmentMinutes,
  onAppointmentMinutesChange,
}: HealthReturnOptionsProps) {
  const brand = useBrand();
  const services = useReturnServices();
  const navigate = useNavigate();
  const client = useQueryClient();
  const arrivedNote = useRouterState({ select: (state) => state.location.state.returnNote ?? null });
  const [note, setNote] = useState<string | null>(arrivedNote);
  const search = useQuery({
    queryKey: ['search-times', hash],
    queryFn: ({ signal }) => services.getSearch(hash, signal),
    staleTime: 60_000,
    retry: false,
  });
  const [chosen, setChosen] = useState(appointmentMinutes);
  const [pending, setPending] = useState<Action | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const current = search.data?.return_time ?? null;

  const stay = (message: string | null) => {
    setNote(message);
    setPending(null);
  };

  /** Asks `from` (a search's hash) for a new return time and waits for it: the new search and its journey going there the same way. */
  async function replan(from: string, time: string, minutes: number) {
    const newHash = await services.updateReturnTime(from, time);
    rememberAppointmentMinutes(newHash, minutes);
    const planned = await untilPlanned(() => services.getSearch(newHash));
    const found = planned.status === 'done' ? matchingJourney(journey, planned.journeys) : null;
    return { newHash, failure: planned.failure, found };
  }

  /** Runs an update; `work` shows the journey it found, or answers why it stays (a note). */
  async function attempt(action: Action, work: () => Promise<string | null>) {
    if (pending) return;
    setPending(action);
    setErrors([]);
    setNote(null);
    try {
      const stayed = await work();
      if (stayed !== null) stay(stayed);
    } catch (error) {
      setErrors(fieldMessages(error));
      stay(error instanceof ApiRequestError ? null : (error as Error).message);
    }
  }

  async function show(newHash: string, found: Journey & { id: string }) {
    client.setQueryData(journeyDetailsKey(newHash, found.id), found);
    await navigate({
      to: '/search/$hash/results/$journeyId',
      params: { hash: newHash, journeyId: found.id },
      search: (was) => was,
      replace: true,
      resetScroll: false,
      state: {
        keepScroll: true,
        returnNote: found.return ? `Your way home now leaves at ${found.return.departure_at}.` : undefined,
      },
    });
  }

  const notFound = 'No way home was found for that time. Please try another.';

  function changeReturnTime(next: string | null, minutes: number) {
    const time = changedReturnTime(current, next);
    if (!time) return;
    void attempt('appointment', async () => {
      const { newHash, failure, found } = await replan(hash, time, minutes);
      if (!found) return failure ?? notFound;
      await show(newHash, found);
      return null;
    });
  }

  /** The way home just before (early) or after (later) the one shown. */
  function moveReturn(direction: ReturnDirection) {
    const none = direction === 'early' ? noEarlierReturn(journey, appointmentMinutes) : noLaterReturn(journey);
    const step = current ? returnStep(journey, direction, current, appointmentMinutes) : null;
    const time = step && changedReturnTime(current, step.time);
    if (!step || !time) return setNote(none);
    void attempt(direction, async () => {
      let result = await replan(hash, time, appointmentMinutes);
      if (!result.found) return result.failure ?? notFound;
      const shown = returnLeaves(journey);
      if (!step.known && shown) {
        // A search before or after the return shown: the way home next to it that the search found.
        let next = neighbourReturn(result.found, shown, direction);
        // Nothing in the window before it: from the appointment's end, the earliest the early option goes.
        const end = returnAfterAppointment(journey.depart, appointmentMinutes);
        if (!next && direction === 'early' && end && time > end) {
          result = await replan(result.newHash, end, appointmentMinutes);
          if (!result.found) return result.failure ?? notFound;
          next = neighbourReturn(result.found, shown, direction);
        }
        if (!next) return none;
        if (next !== returnLeaves(result.found)) {
          result = await replan(result.newHash, searchTimeOf(next), appointmentMinutes);
          if (!result.found) return result.failure ?? notFound;
        }
      }
      const moved = direction === 'early' ? returnsEarlier(result.found, journey) : returnsLater(result.found, journey);
      if (!moved) return none;
      await show(result.newHash, result.found);
      return null;
    });
  }

  const updateAppointment = () => {
    rememberAppointmentMinutes(hash, chosen);
    onAppointmentMinutesChange(chosen);
    changeReturnTime(returnAfterAppointment(journey.depart, chosen), chosen);
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="return-options-title"
      className={classes.noPrint}
    >
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
              data={APPOINTMENT_MINUTES.map((minutes) => ({
                value: String(minutes),
                label: appointmentLabel(minutes),
              }))}
              disabled={pending !== null}
            />
            <Button
              onClick={updateAppointment}
              loading={pending === 'appointment'}
              disabled={pending !== null && pending !== 'appointment'}
            >
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
              onClick={() => moveReturn('early')}
            >
              Show me an early return option
            </Button>
            <Button
              variant="outline"
              loading={pending === 'later'}
              disabled={pending !== null && pending !== 'later'}
              onClick={() => moveReturn('later')}
            >
              Show me a later return option
            </Button>
          </Group>
        )}
        {pending !== null && (
          <Text size="sm" role="status">
            Planning your way home…
          </Text>
        )}
        {pending === null && note && (
          <Text size="sm" role="status" fw={700}>
            {note}
          </Text>
        )}
        {brand.health.alternativeReturn && search.isSuccess && !current && (
          <Text size="sm">Choose an appointment length and Update to plan the way home as well.</Text>
        )}
      </Stack>
    </Paper>
  );
}

const noLaterReturn = (journey: Journey) =>
  journey.return
    ? `There is no later way home than the one at ${journey.return.departure_at}: this is the last.`
    : 'There is no way home to go later than: plan the return separately.';

const noEarlierReturn = (journey: Journey, minutes: number) =>
  `There is no earlier way home after your appointment ends at ${appointmentEnd(journey.depart, minutes)}: this is the earliest.`;
