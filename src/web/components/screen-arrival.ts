/**
 * Focus after navigation (WCAG 2.4.3, issue 32). The shell notes each screen it shows; a screen's
 * heading (ScreenHeading) takes focus when it is drawn on a screen reached by navigation, so a
 * keyboard or screen-reader user starts at the new page's h1, not on <body> or on the link that
 * was pressed. The page's first screen leaves focus alone (the skip link comes first).
 */
let lastScreen: string | undefined;
let screensShown = 0;

/** Called by the shell as it renders a screen (idempotent for the same screen). */
export function noteScreen(key: string): void {
  if (key === lastScreen) return;
  lastScreen = key;
  screensShown++;
}

/** Whether the screen now shown was reached by navigating within the app. */
export const reachedByNavigation = (): boolean => screensShown > 1;

/** Forgets the screens shown (tests). */
export function resetScreens(): void {
  lastScreen = undefined;
  screensShown = 0;
}

/**
 * Focuses a screen's heading if the screen was reached by navigation and nothing inside the
 * screen (a field, or a heading the screen focused itself) nor an open dialog has focus yet.
 */
export function focusArrivedHeading(heading: HTMLElement | null): void {
  if (!heading || !reachedByNavigation()) return;
  const active = heading.ownerDocument.activeElement;
  const main = heading.closest('main');
  if (active && active !== heading.ownerDocument.body && main?.contains(active)) return;
  // An open dialog (the campaign pop-up) keeps its focus.
  if (active?.closest('[role="dialog"], [aria-modal="true"]')) return;
  heading.focus({ preventScroll: true });
}
