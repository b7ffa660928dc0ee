/**
 * The sticky 'Viewing' bar (SPEC section 2): anchors to the screen's sections, the one on
 * screen highlighted, and Print (the journey's print view).
 */
import { Anchor, Button, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import classes from './journey.module.css';

export const VIEWING_SECTIONS = [
  { id: 'journey-details', label: 'Journey Details' },
  { id: 'journey-map', label: 'Map of journey' },
  { id: 'step-by-step', label: 'Step by step guide' },
] as const;

/**
 * The section being read: the last one whose top has passed a reading line just under the bar
 * (one row on a wide screen, two on a phone: measured, not assumed), or the last one on screen
 * once the page can scroll no further. The first until the page has a layout.
 */
function useActiveSection(ids: readonly string[], bar: RefObject<HTMLElement | null>): string {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const barBox = bar.current?.getBoundingClientRect();
      if (!barBox || barBox.height === 0) return;
      const line = barBox.bottom + 24;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current = ids[0];
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && (top <= line || (atEnd && top < window.innerHeight))) current = id;
      }
      if (current) setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // In the next frame, where the layout is made anyway (not forced in the task that rendered).
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Sections grow as their parts arrive (the map, the return): the line may pass one unscrolled.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    resized?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      resized?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ids, bar]);
  return active;
}

/** SPEC section 2: the journey's print view. */
export const printPath = (hash: string, journeyId: string) =>
  `/search/${encodeURIComponent(hash)}/results/${encodeURIComponent(journeyId)}/print`;

const IDS = VIEWING_SECTIONS.map((section) => section.id);

/**
 * Scrolls to the section and moves focus there without touching the URL: a bare '#id'
 * navigation goes through the router's history and re-renders the screen.
 */
function goTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export function ViewingBar() {
  const bar = useRef<HTMLElement>(null);
  const active = useActiveSection(IDS, bar);
  const { hash, journeyId } = useParams({ strict: false });
  // On a phone the links scroll sideways in their row: keep the highlighted one in view.
  useEffect(() => {
    const link = bar.current?.querySelector<HTMLElement>('[aria-current="location"]');
    const row = link?.parentElement;
    if (link && row && row.scrollWidth > row.clientWidth)
      row.scrollTo({ left: link.offsetLeft - row.offsetLeft - 8, behavior: 'smooth' });
  }, [active]);
  return (
    <nav aria-label="Viewing" className={classes.viewing} ref={bar}>
      <Text fw={700} className={classes.viewingTitle}>
        Viewing
      </Text>
      <div className={classes.viewingLinks}>
        {VIEWING_SECTIONS.map(({ id, label }) => (
          <Anchor
            key={id}
            href={`#${id}`}
            onClick={(event) => goTo(event, id)}
            className={classes.viewingLink}
            data-label={label}
            data-active={active === id || undefined}
            aria-current={active === id ? 'location' : undefined}
          >
            {label}
          </Anchor>
        ))}
      </div>
      {hash && journeyId ? (
        <Button
          component={Link}
          to={printPath(hash, journeyId)}
          variant="outline"
          size="compact-md"
          className={classes.viewingPrint}
        >
          Print
        </Button>
      ) : (
        <Button variant="outline" size="compact-md" className={classes.viewingPrint} onClick={() => window.print()}>
          Print
        </Button>
      )}
    </nav>
  );
}
