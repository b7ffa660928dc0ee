// @vitest-environment jsdom
/** Focus after navigation (issue 32): a screen reached by navigation starts at its h1. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteScreen, reachedByNavigation, resetScreens } from '../../../src/web/components/screen-arrival';
import { ScreenHeading } from '../../../src/web/components/ScreenHeading';
import { renderWithApp } from '../helpers/render';

beforeEach(() => resetScreens());
afterEach(() => cleanup());

const inMain = (ui: React.ReactNode) => renderWithApp(<main>{ui}</main>);

describe('screen arrival', () => {
  it("leaves focus alone on the page's first screen", () => {
    noteScreen('/');
    noteScreen('/');
    expect(reachedByNavigation()).toBe(false);
    inMain(<ScreenHeading title="Plan your journey" />);
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the h1 of a screen reached by navigation, off the link that was pressed', () => {
    noteScreen('/');
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '/search' }));
    link.focus();
    noteScreen('/search/abc/results');
    expect(reachedByNavigation()).toBe(true);
    inMain(<ScreenHeading title="Journey results" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Journey results' });
    expect(document.activeElement).toBe(heading);
    // Focusable by script only: not a Tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');
    link.remove();
  });

  it('keeps focus the screen already put inside itself', () => {
    noteScreen('/');
    noteScreen('/login');
    inMain(
      <>
        <input aria-label="Email" autoFocus />
        <ScreenHeading title="Sign in" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });

  it('leaves focus in an open dialog (the campaign pop-up) that opened first', () => {
    noteScreen('/');
    noteScreen('/search/abc/results');
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const close = dialog.appendChild(document.createElement('button'));
    close.focus();
    inMain(<ScreenHeading title="Journey results" />);
    expect(document.activeElement).toBe(close);
    dialog.remove();
  });
});
