/**
 * The sticky 'Viewing' bar (SPEC section 2): anchors to the screen's sections, the one on
 * screen highlighted (IntersectionObserver), and Print (the journey's print view).
 */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import classes from './journey.module.css';

export const VIEWING_SECTIONS = [
  { id: 'journey-details', label: 'Journey Details' },
  { id: 'journey-map', label: 'Map of journey' },
  { id: 'step-by-step', label: 'Step by step guide' },
] as const;

/** The section nearest the top among those intersecting; keeps the last one when none is. */
function useActiveSection(ids: readonly string[]): string {
  const [active, setActive] = useState(ids[0] ?? '');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (record.isIntersecting) visible.set(record.target.id, record.boundingClientRect.top);
          else visible.delete(record.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      // The band just under the sticky bar decides which section is being read.
      { rootMargin: '-64px 0px -55% 0px' },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

/** SPEC section 2: the journey's print view. */
export const printPath = (hash: string, journeyId: string) => `/search/${encodeURIComponent(hash)}/results/${encodeURIComponent(journeyId)}/print`;

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
  const active = useActiveSection(IDS);
  const { hash, journeyId } = useParams({ strict: false });
  return (
    <nav aria-label="Viewing" className={classes.viewing}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={700}>Viewing</Text>
          {VIEWING_SECTIONS.map(({ id, label }) => (
            <Anchor key={id} href={`#${id}`} onClick={(event) => goTo(event, id)} className={classes.viewingLink} data-active={active === id || undefined} aria-current={active === id ? 'location' : undefined}>
              {label}
            </Anchor>
          ))}
        </Group>
        {hash && journeyId ? (
          <Button component={Link} to={printPath(hash, journeyId)} variant="outline" size="compact-md" style={{ flexShrink: 0 }}>
            Print
          </Button>
        ) : (
          <Button variant="outline" size="compact-md" style={{ flexShrink: 0 }} onClick={() => window.print()}>
            Print
          </Button>
        )}
      </Group>
    </nav>
  );
}
