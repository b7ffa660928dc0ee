/**
 * "Add to calendar": the journey as an .ics file (issue 31). The file format's library loads on
 * the click, in its own chunk, so the journey page pays nothing for it until it is used.
 */
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import type { Journey } from '../../../contract/journey';
import { calendarFileName, journeyEvents } from './calendar-model';

export interface AddToCalendarProps {
  journey: Journey;
  /** The journey's link for anyone, written into each event; null when it has none (planned on the device). */
  url: string | null;
  appointmentMinutes: number | null;
  calendarName: string;
}

function download(text: string, fileName: string) {
  const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function AddToCalendar({ journey, url, appointmentMinutes, calendarName }: AddToCalendarProps) {
  const [state, setState] = useState<'idle' | 'working' | 'done' | 'failed'>('idle');
  const add = async () => {
    setState('working');
    try {
      const { icsText } = await import('./ics');
      const events = journeyEvents(journey, { url, appointmentMinutes, host: window.location.host });
      download(icsText(events, { name: calendarName }), calendarFileName(journey));
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="outline" loading={state === 'working'} onClick={() => void add()}>
        Add to calendar
      </Button>
      {/* Always in the page (so it is announced); after the buttons, a full row only when it says something. */}
      <Text
        style={{ order: 1 }}
        size="sm"
        aria-live="polite"
        w={state === 'done' || state === 'failed' ? '100%' : undefined}
      >
        {state === 'done'
          ? 'Calendar file downloaded: open it to add the journey, with an alarm when it is time to leave.'
          : state === 'failed'
            ? 'The calendar file could not be made. Check your connection and try again.'
            : ''}
      </Text>
    </>
  );
}
