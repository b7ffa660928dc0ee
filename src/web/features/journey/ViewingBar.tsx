/**
 * The sticky 'Viewing' bar (SPEC section 2): anchors to the screen's sections, the one on
 * screen highlighted (IntersectionObserver), and Print. The map section is another screen
 * part; its anchor shows disabled until the map is there.
 */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './journey.module.css';

export const VIEWING_SECTIONS = [
  { id: 'journey-details', label: 'Journey Details' },
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

const IDS = VIEWING_SECTIONS.map((section) => section.id);

export function ViewingBar() {
  const active = useActiveSection(IDS);
  return (
    <nav aria-label="Viewing" className={classes.viewing}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="md" wrap="wrap">
          <Text fw={700}>Viewing</Text>
          <Anchor href="#journey-details" className={classes.viewingLink} data-active={active === 'journey-details' || undefined} aria-current={active === 'journey-details' ? 'location' : undefined}>
            Journey Details
          </Anchor>
          <Text c="gray.7" aria-disabled="true">
            Map of journey
          </Text>
          <Anchor href="#step-by-step" className={classes.viewingLink} data-active={active === 'step-by-step' || undefined} aria-current={active === 'step-by-step' ? 'location' : undefined}>
            Step by step guide
          </Anchor>
        </Group>
        <Button variant="outline" size="compact-md" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
    </nav>
  );
}
