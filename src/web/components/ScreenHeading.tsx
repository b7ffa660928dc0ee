import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusArrivedHeading } from './screen-arrival';
import { usePageTitle } from './page-title';

/**
 * A screen's h1 (and page title), with an optional lead paragraph. On a screen reached by
 * navigation the heading takes focus (./screen-arrival); tabIndex -1 lets script focus it only.
 */
export function ScreenHeading({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusArrivedHeading(heading.current), []);
  return (
    <Stack gap="xs" mb="lg">
      <Title order={1} ref={heading} tabIndex={-1}>
        {title}
      </Title>
      {lead && <Text size="lg">{lead}</Text>}
      {children}
    </Stack>
  );
}
