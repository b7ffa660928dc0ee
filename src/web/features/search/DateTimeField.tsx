/**
 * A date-time of the search form (SPEC section 5): a calendar whose week starts on Monday and a
 * time in five-minute steps, between `min` and `max`. Values are datetime-local strings
 * ('YYYY-MM-DDTHH:mm', London wall clock), as form-rules expects. The time is typed on the 24-hour
 * clock whatever the browser's locale (form-rules' parseTypedTime). A native datetime-local picker
 * cannot be told which day starts the week, hence the calendar; it loads on first opening.
 */
import { Group, Input, Loader, Popover, TextInput } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { dateLabel } from '../../components/journey-labels';
import { parseTypedTime, snapToStep, splitDateTime, TIME_MESSAGES } from './form-rules';

const DateCalendar = lazy(() => import('./DateCalendar'));
const preloadCalendar = () => void import('./DateCalendar');

export interface DateTimeFieldProps {
  /** 'Leaving' / 'Returning': the two inputs are '<label> date' and '<label> time'. */
  label: string;
  name: string;
  value: string;
  min: string;
  max: string;
  onChange(value: string): void;
  onFocus?(): void;
  error?: string;
}

export function DateTimeField({ label, name, value, min, max, onChange, onFocus, error }: DateTimeFieldProps) {
  const [open, setOpen] = useState(false);
  /** The time as typed, while it is being typed or when it is not a time (then with `typedError`). */
  const [draft, setDraft] = useState<string | null>(null);
  const [typedError, setTypedError] = useState<string>();
  const id = useId();
  const { date, time } = splitDateTime(value);
  const bounds = { min: splitDateTime(min), max: splitDateTime(max) };
  const errorId = `${id}-error`;
  const day = date || bounds.min.date;
  return (
    <Group align="flex-start" gap="sm" grow wrap="wrap">
      <Popover
        opened={open}
        onChange={setOpen}
        trapFocus
        returnFocus
        withRoles={false}
        position="bottom-start"
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <Input.Wrapper id={id} label={`${label} date`} required error={error} errorProps={{ id: errorId }} miw={190}>
            <Input
              component="button"
              type="button"
              name={`${name}_date`}
              pointer
              aria-haspopup="dialog"
              aria-expanded={open}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              error={Boolean(error)}
              onClick={() => setOpen((was) => !was)}
              onFocus={() => (preloadCalendar(), onFocus?.())}
              onMouseEnter={preloadCalendar}
            >
              {date ? dateLabel(date) : 'Choose a date'}
            </Input>
          </Input.Wrapper>
        </Popover.Target>
        {/* Focusable itself (tabIndex -1): while the calendar chunk loads there is nothing else to
            hold focus, and Mantine's focus trap warned "Failed to find focusable element" (issue 32).
            The calendar moves focus onto its day once drawn. */}
        <Popover.Dropdown aria-label={`${label} date`} role="dialog" tabIndex={-1}>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the calendar" />}>
            <DateCalendar
              value={date || null}
              min={bounds.min.date}
              max={bounds.max.date}
              onPick={(picked) => {
                onChange(`${picked}T${time || bounds.min.time}`);
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      <TextInput
        // Text, not type="time": a browser on a 12-hour locale shows AM/PM and keeps the half of
        // the day it had, so 0800 typed at 23:30 became 20:00. UK times are read on the 24-hour clock.
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        label={`${label} time`}
        description="24-hour, like 17:30"
        // The hint under the box, so the date and time boxes stay level side by side.
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder="HH:MM"
        name={`${name}_time`}
        value={draft ?? time}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          setTypedError(undefined);
          onChange(`${day}T${parseTypedTime(text) ?? ''}`);
        }}
        // Typed minutes snap to the five-minute steps the planner is asked in.
        onBlur={() => {
          if (draft === null) return;
          const typed = parseTypedTime(draft);
          setDraft(typed || draft.trim() === '' ? null : draft);
          setTypedError(typed || draft.trim() === '' ? undefined : TIME_MESSAGES.typed);
          if (typed) onChange(`${day}T${snapToStep(typed)}`);
        }}
        onFocus={onFocus}
        error={typedError ?? Boolean(error)}
        required
        miw={120}
      />
    </Group>
  );
}
