/** The shared frame of a static page: one h1, a readable measure, and h2 sections. */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { usePageTitle } from '../../components/page-title';

interface StaticPageProps {
  /** The h1, also used in the document title unless documentTitle is given. */
  title: string;
  /** A shorter name for the document title, e.g. "About" when the h1 is "About <brand>". */
  documentTitle?: string;
  /** A short lead paragraph under the heading. */
  lead?: ReactNode;
  /** Shown as "Last updated ..." under the heading on legal pages. */
  lastUpdated?: string;
  children: ReactNode;
}

export function StaticPage({ title, documentTitle, lead, lastUpdated, children }: StaticPageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Stack component="article" gap="lg" maw="48rem" pb="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        {lastUpdated && (
          <Text size="sm" c="dimmed">
            Last updated {lastUpdated}
          </Text>
        )}
        {lead && (
          <Text size="lg" component="div">
            {lead}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}

interface PageSectionProps {
  title: string;
  /** Heading level: 2 for a section of the page, 3 for a part of a section. */
  order?: 2 | 3;
  children: ReactNode;
}

/** A titled section. Not labelled as a landmark: long legal pages would otherwise list dozens of regions. */
export function PageSection({ title, order = 2, children }: PageSectionProps) {
  return (
    <Stack component="section" gap="sm">
      <Title order={order}>{title}</Title>
      {children}
    </Stack>
  );
}
