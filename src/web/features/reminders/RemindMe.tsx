/**
 * "Remind me when to leave" (issue 31): notifications where the browser offers them, kept on the
 * device with no server; where it cannot (an iPhone without the app installed, notifications
 * turned off, no support), it says so plainly and points to the calendar file, whose alarms
 * always work.
 */
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Journey } from '../../../contract/journey';
import { listReminders, removeReminder, runReminderTimers, saveReminder } from '../../lib/reminders';
import { journeyReminders, REMIND_MINUTES_BEFORE, reminderTimeText } from './reminder-plan';
import { browserFacts, reminderSupport } from './reminder-support';

export function RemindMe({ journey, url }: { journey: Journey; url: string }) {
  const [set, setSet] = useState<number[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The clock as of opening the page: a reminder already past is not offered.
  const [openedAt] = useState(() => Date.now());
  const planned = journeyReminders(journey, url, openedAt);
  const ids = planned.map((r) => r.id).join(' ');

  useEffect(() => {
    let live = true;
    listReminders()
      .then((all) => {
        const mine = all.filter((r) => ids.split(' ').includes(r.id) && !r.shown);
        if (live) setSet(mine.length > 0 ? mine.map((r) => r.at) : null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ids]);

  if (planned.length === 0) return null;

  const remind = async () => {
    const support = reminderSupport(browserFacts());
    if (support.kind !== 'ok') {
      setMessage(support.message);
      return;
    }
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permission !== 'granted') {
      setMessage(
        'Notifications were not allowed, so we cannot remind you. Add the journey to your calendar instead: its alarms work on every phone.',
      );
      return;
    }
    try {
      for (const r of planned) await saveReminder(r);
      setSet(planned.map((r) => r.at));
      setMessage(null);
      await runReminderTimers();
    } catch {
      setMessage(
        'This browser would not keep the reminder (storage is off?). Add the journey to your calendar instead.',
      );
    }
  };

  const cancel = async () => {
    for (const r of planned) await removeReminder(r.id).catch(() => undefined);
    setSet(null);
    await runReminderTimers();
  };

  return (
    <>
      {set ? (
        <Button variant="outline" onClick={() => void cancel()}>
          Cancel reminder
        </Button>
      ) : (
        <Button variant="outline" onClick={() => void remind()}>
          Remind me when to leave
        </Button>
      )}
      <Stack style={{ order: 1 }} gap={4} w={set || message ? '100%' : undefined} aria-live="polite">
        {set && (
          <Text size="sm">
            Reminder set for {set.map(reminderTimeText).join(' and ')}, {REMIND_MINUTES_BEFORE} minutes before you
            leave. It shows while Drover is open on this device, even in the background; a phone may not wake a closed
            app, so add the journey to your calendar too.
          </Text>
        )}
        {message && <Text size="sm">{message}</Text>}
      </Stack>
    </>
  );
}
