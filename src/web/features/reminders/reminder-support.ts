/**
 * Whether this browser can remind the traveller, and if not, why, in words (issue 31): iPhones and
 * iPads show web notifications only for an app added to the Home Screen; some browsers have none;
 * a traveller may have turned them off for the site.
 */
export type ReminderSupport = { kind: 'ok' } | { kind: 'ios-install' | 'unsupported' | 'denied'; message: string };

export interface BrowserFacts {
  hasNotification: boolean;
  permission: 'default' | 'granted' | 'denied' | null;
  userAgent: string;
  maxTouchPoints: number;
  /** Running as an installed app (display-mode standalone, or iOS's navigator.standalone). */
  installed: boolean;
}

const CALENDAR = 'Add the journey to your calendar instead: its alarms work on every phone.';

export const isAppleMobile = (f: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/.test(f.userAgent) || (/Macintosh/.test(f.userAgent) && f.maxTouchPoints > 1);

export function reminderSupport(f: BrowserFacts): ReminderSupport {
  if (isAppleMobile(f) && !f.installed)
    return {
      kind: 'ios-install',
      message: `On iPhone and iPad, reminders need Drover on your Home Screen: tap Share, then Add to Home Screen, and open it from there. ${CALENDAR}`,
    };
  if (!f.hasNotification) return { kind: 'unsupported', message: `This browser cannot show reminders. ${CALENDAR}` };
  if (f.permission === 'denied')
    return {
      kind: 'denied',
      message: `Notifications are turned off for this site in your browser's settings. ${CALENDAR}`,
    };
  return { kind: 'ok' };
}

export function browserFacts(): BrowserFacts {
  const hasNotification = typeof Notification !== 'undefined';
  return {
    hasNotification,
    permission: hasNotification ? Notification.permission : null,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    installed:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  };
}
