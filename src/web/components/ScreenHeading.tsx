import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from './page-title';

/** A screen's h1 (and page title), with an optional lead paragraph. */
export function ScreenHeading({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="xs" mb="lg">
      <Title order={1}>{title}</Title>
      {lead && <Text size="lg">{lead}</Text>}
      {children}
    </Stack>
  );
}
