/**
 * The calendar in the date field's dropdown, loaded when the traveller first opens it (the
 * @mantine/dates calendar and dayjs are ~15 KB gzip that Home's first load does without).
 * Weeks start on Monday (SPEC section 5).
 *
 * Keyboard (WCAG 2.1.1): on opening, focus moves onto the chosen day (else the first day
 * allowed); arrows, Home/End and Page Up/Down move the day (calendar-keys), turning the month
 * when needed; Enter or Space picks it; Escape is the popover's, which gives focus back to the field.
 */
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { movedDay } from './calendar-keys';

export interface DateCalendarProps {
  value: string | null;
  min: string;
  max: string;
  onPick(date: string): void;
}

const CONTROL_NAMES = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export default function DateCalendar({ value, min, max, onPick }: DateCalendarProps) {
  const box = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(value && value >= min && value <= max ? value : min);
  const [month, setMonth] = useState(focused);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus({ preventScroll: true });
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    const to = from ? movedDay(from, event.key, min, max) : null;
    if (!to) return;
    // Ours rather than the calendar's: its arrows cannot leave the month shown.
    event.preventDefault();
    event.stopPropagation();
    setMonth(to);
    setFocused(to);
  };

  return (
    <div ref={box} onKeyDownCapture={onKeyDown}>
      <DatePicker
        value={value}
        date={month}
        onDateChange={setMonth}
        onChange={(date) => date && onPick(date)}
        getDayProps={(date) => ({ 'data-date': date })}
        firstDayOfWeek={1}
        // Mantine's red weekend days fall short of 4.5:1 on white: days are all drawn alike.
        weekendDays={[]}
        ariaLabels={CONTROL_NAMES}
        minDate={min}
        maxDate={max}
      />
    </div>
  );
}
