/**
 * The calendar in the date field's dropdown, loaded when the traveller first opens it (the
 * @mantine/dates calendar and dayjs are ~15 KB gzip that Home's first load does without).
 * Weeks start on Monday (SPEC section 5).
 */
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';

export interface DateCalendarProps {
  value: string | null;
  min: string;
  max: string;
  onPick(date: string): void;
}

export default function DateCalendar({ value, min, max, onPick }: DateCalendarProps) {
  return (
    <DatePicker
      value={value}
      defaultDate={value ?? min}
      onChange={(date) => date && onPick(date)}
      firstDayOfWeek={1}
      minDate={min}
      maxDate={max}
    />
  );
}
