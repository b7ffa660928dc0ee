/**
 * A date-time of the search form (SPEC section 5): a calendar whose week starts on Monday and a
 * time in five-minute steps, between `min` and `max`. Values are datetime-local strings
 * ('YYYY-MM-DDTHH:mm', London wall clock), as form-rules expects. A native datetime-local picker
 * cannot be told which day starts the week, hence the calendar; it loads on first opening.
 */
import { Group, Input, Loader, Popover, TextInput } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { dateLabel } from '../../components/journey-labels';
import { snapToStep, splitDateTime } from './form-rules';

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
  const id = useId();
  const { date, time } = splitDateTime(value);
  const bounds = { min: splitDateTime(min), max: splitDateTime(max) };
  const errorId = `${id}-error`;
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
        <Popover.Dropdown aria-label={`${label} date`} role="dialog">
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
        type="time"
        label={`${label} time`}
        name={`${name}_time`}
        step={300}
        min={date === bounds.min.date ? bounds.min.time : undefined}
        max={date === bounds.max.date ? bounds.max.time : undefined}
        value={time}
        onChange={(event) => onChange(`${date || bounds.min.date}T${event.currentTarget.value}`)}
        // Typed minutes snap to the five-minute steps the planner is asked in.
        onBlur={() => time && onChange(`${date || bounds.min.date}T${snapToStep(time)}`)}
        onFocus={onFocus}
        error={Boolean(error)}
        required
        miw={120}
      />
    </Group>
  );
}
