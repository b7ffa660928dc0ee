import { List } from '@mantine/core';

import type { Brand } from '../../../contract/brand';
import { useBrand } from '../../lib/brand';
import { PageLink } from './links';
import { StaticPage } from './layout';

export interface SiteMapEntry {
  label: string;
  path: string;
  children?: SiteMapEntry[];
}

/** The brand's own pages, as a tree under Home. Account pages appear only when the brand has accounts. */
export function siteMapEntries(brand: Pick<Brand, 'enableUserAccounts'>): SiteMapEntry[] {
  const information: SiteMapEntry[] = [
    { label: 'About', path: '/about' },
    { label: 'Hear more', path: '/hear-more' },
    { label: 'Contact us', path: '/contact-us' },
    { label: 'Terms and conditions', path: '/terms-and-conditions' },
    { label: 'Privacy policy', path: '/privacy-policy' },
    { label: 'Cookie policy', path: '/cookie-policy' },
    { label: 'Accessibility statement', path: '/statement' },
    { label: 'Site map', path: '/site-map' },
  ];
  const account: SiteMapEntry[] = brand.enableUserAccounts
    ? [
        { label: 'Sign in', path: '/login' },
        { label: 'Create an account', path: '/register' },
        {
          label: 'Your account',
          path: '/account',
          children: [{ label: 'Your saved journeys and recent searches', path: '/searches' }],
        },
      ]
    : [];
  return [{ label: 'Home: plan a journey', path: '/', children: [...account, ...information] }];
}

function SiteMapList({ entries }: { entries: SiteMapEntry[] }) {
  return (
    <List spacing="xs" withPadding>
      {entries.map((entry) => (
        <List.Item key={entry.path}>
          <PageLink to={entry.path}>{entry.label}</PageLink>
          {entry.children && entry.children.length > 0 && <SiteMapList entries={entry.children} />}
        </List.Item>
      ))}
    </List>
  );
}

export function SiteMapPage() {
  const brand = useBrand();
  return (
    <StaticPage title="Site map" lead={`The main pages of ${brand.title}.`}>
      <nav aria-label="Site map">
        <SiteMapList entries={siteMapEntries(brand)} />
      </nav>
    </StaticPage>
  );
}
