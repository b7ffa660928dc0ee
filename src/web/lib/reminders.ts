/**
 * "Time to leave" reminders without a server (issue 31): kept on the device (IndexedDB) and shown
 * as notifications by the page, or by the service worker, while the app runs. No browser lets a
 * web app wake itself at a set time (Notification Triggers never shipped; periodic sync runs when
 * the browser chooses), so the calendar file's alarms are the reminder that always works, and the
 * app says so. Shared by the page (features/reminders) and the service worker (sw/sw.ts).
 */
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

export interface Reminder {
  /** One per journey leg: `${journeyId}:${leg}`. */
  id: string;
  /** When to show it (epoch ms). */
  at: number;
  title: string;
  body: string;
  /** The journey page to open from the notification. */
  url: string;
  shown: boolean;
}

/** A reminder not shown within this long after its time (the app was closed) is dropped unshown. */
export const LATE_LIMIT_MS = 30 * 60_000;
/** Longest setTimeout a browser keeps (2^31 - 1 ms, 24.8 days); later reminders wait for a later visit. */
const MAX_TIMER_MS = 2_147_483_647;

let store: UseStore | null = null;
const reminderStore = () => (store ??= createStore('drover-reminders', 'reminders'));

export async function listReminders(): Promise<Reminder[]> {
  return (await entries<string, Reminder>(reminderStore())).map(([, r]) => r).sort((a, b) => a.at - b.at);
}

export const saveReminder = (r: Reminder) => set(r.id, r, reminderStore());
export const removeReminder = (id: string) => del(id, reminderStore());

/** The reminders to show now (due, not shown, not too late) and those to wait for. */
export function dueReminders(all: Reminder[], now: number): { due: Reminder[]; later: Reminder[]; stale: Reminder[] } {
  const due: Reminder[] = [];
  const later: Reminder[] = [];
  const stale: Reminder[] = [];
  for (const r of all) {
    if (r.shown || r.at + LATE_LIMIT_MS < now) stale.push(r);
    else if (r.at <= now) due.push(r);
    else later.push(r);
  }
  return { due, later, stale };
}

/** Shows what is due through `show`, marks it shown and forgets old ones; returns the next reminders to wait for. */
export async function showDueReminders(
  show: (r: Reminder) => Promise<void>,
  now: number = Date.now(),
): Promise<Reminder[]> {
  const { due, later, stale } = dueReminders(await listReminders(), now);
  for (const r of stale) await removeReminder(r.id);
  for (const r of due) {
    await show(r);
    await saveReminder({ ...r, shown: true });
  }
  return later;
}

/** A notification through the service worker when there is one (an installed app needs that), else the page's own. */
async function notify(r: Reminder): Promise<void> {
  const options = { body: r.body, tag: r.id, data: { url: r.url } };
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
  if (registration) await registration.showNotification(r.title, options);
  else new Notification(r.title, options);
}

/** The periodic background sync tag (installed Chromium apps; the browser picks how often). */
export const REMINDER_SYNC_TAG = 'drover-reminders';

/** Asks for background checks where the browser has periodic sync (installed apps); quiet elsewhere. */
async function askForBackgroundChecks(): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
  const periodic = (registration as (ServiceWorkerRegistration & { periodicSync?: PeriodicSync }) | undefined)
    ?.periodicSync;
  await periodic?.register(REMINDER_SYNC_TAG, { minInterval: 15 * 60_000 }).catch(() => undefined);
}

interface PeriodicSync {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** The page's part: shows due reminders, then waits for the next; call again when a reminder is set or removed. */
export async function runReminderTimers(): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  clearTimeout(timer);
  const later = await showDueReminders(notify);
  if (later.length > 0) void askForBackgroundChecks();
  const next = later[0];
  if (next)
    timer = setTimeout(() => void runReminderTimers(), Math.min(MAX_TIMER_MS, Math.max(0, next.at - Date.now())));
}
