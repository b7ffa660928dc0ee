import { List, Table, Text } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { LAST_UPDATED } from './facts';
import { StaticPage, PageSection } from './layout';
import { ExternalLink, OwnerContact, PageLink } from './links';

interface CookieRow {
  name: string;
  purpose: string;
  duration: string;
}

/** Names the service really uses (the consent record lives in local storage, see src/web/lib/cookies.ts). */
const COOKIE_NAMES = {
  antiForgery: 'XSRF-TOKEN',
  session: 'drover_session',
  userToken: 'user-token',
  consent: 'drover.cookie-consent',
  analytics: '_ga',
} as const;

const END_OF_SESSION = 'End of session';

function CookieTable({ caption, rows }: { caption: string; rows: CookieRow[] }) {
  return (
    // No horizontal scroll container: the three columns wrap, so the table reflows at 320 px and 400% zoom.
    <Table captionSide="top" striped withTableBorder verticalSpacing="sm">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Purpose</Table.Th>
          <Table.Th scope="col">Expires</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Th scope="row">
              <code style={{ overflowWrap: 'anywhere' }}>{row.name}</code>
            </Table.Th>
            <Table.Td>{row.purpose}</Table.Td>
            <Table.Td>{row.duration}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function CookiePolicyPage() {
  const brand = useBrand();
  const essential: CookieRow[] = [
    {
      name: COOKIE_NAMES.antiForgery,
      purpose:
        'Anti-forgery token. Protects the forms you send us, such as the journey search, from being submitted by another website without your knowledge (cross-site request forgery).',
      duration: END_OF_SESSION,
    },
    {
      name: COOKIE_NAMES.session,
      purpose: 'Session cookie. Links the requests your browser makes while you plan a journey, so your results reach you.',
      duration: END_OF_SESSION,
    },
    ...(brand.enableUserAccounts
      ? [
          {
            name: COOKIE_NAMES.userToken,
            purpose: 'Sign-in cookie. Keeps you signed in to your account once you have signed in. Only set when you sign in.',
            duration: 'When you sign out, or when the sign-in expires',
          },
        ]
      : []),
    {
      name: COOKIE_NAMES.consent,
      purpose:
        "Cookie consent record. Remembers that you chose 'Accept Cookies', so the banner does not keep appearing. Kept in your browser's local storage rather than as a cookie, and never sent to us.",
      duration: "When you clear this site's data in your browser",
    },
  ];
  const analytics: CookieRow[] = [
    {
      name: COOKIE_NAMES.analytics,
      purpose:
        'Google Analytics. Tells one visit from another so we can count visits and see which pages are used. Set only after you accept cookies.',
      duration: '2 years',
    },
  ];

  return (
    <StaticPage
      title="Cookie policy"
      lastUpdated={LAST_UPDATED}
      lead={`This page explains which cookies ${brand.title} uses, what they are for, and how you can control them.`}
    >
      <PageSection title="Introduction">
        <Text>
          Cookies are small files that a website saves in your web browser. They let the site recognise your browser
          from one page to the next. {brand.title} is run by {brand.owner.name}.
        </Text>
        <Text>
          We use as few cookies as we can. Essential cookies make the journey planner work and are always on. The
          analytics cookie is optional: it is only set if you choose 'Accept Cookies' in the cookie banner.
        </Text>
      </PageSection>

      <PageSection title="Blocking and deleting cookies">
        <Text>
          You can block or delete cookies in your browser's settings, and most browsers let you do this for one website
          at a time. If you block the essential cookies, searching for journeys
          {brand.enableUserAccounts ? ' and signing in' : ''} will not work.
        </Text>
        <Text>
          To change your mind after accepting cookies, clear the cookies and site data for this website in your browser.
          The analytics cookie is removed and the cookie banner asks you again on your next visit.
        </Text>
        <Text>
          The Information Commissioner's Office explains how to manage cookies in common browsers:{' '}
          <ExternalLink href="https://ico.org.uk/for-the-public/online/cookies/">ICO guidance on cookies</ExternalLink>.
        </Text>
      </PageSection>

      <PageSection title="How we use cookies">
        <List spacing="xs">
          <List.Item>To protect the journey search and other forms against misuse.</List.Item>
          <List.Item>To keep the requests of one visit together so your results reach you.</List.Item>
          {brand.enableUserAccounts && <List.Item>To keep you signed in to your account.</List.Item>}
          <List.Item>To remember your cookie choice.</List.Item>
          <List.Item>If you agree, to count visits and see which pages are used, so we can improve the service.</List.Item>
        </List>
        <Text>We do not use cookies for advertising and we do not sell information about you.</Text>
        {brand.advertBanner && (
          <Text>
            The journey results page shows a banner ({brand.advertBanner.title}) loaded from another website. That website
            may set its own cookies, which its own cookie policy covers.
          </Text>
        )}
      </PageSection>

      <PageSection title="Essential cookies">
        <Text>These are needed for the service to work, so they do not need your consent.</Text>
        <CookieTable caption="Essential cookies" rows={essential} />
      </PageSection>

      <PageSection title="Analytics cookie">
        <Text>
          This cookie belongs to a third-party service, Google Analytics, which sets it for us. It is only set after you accept cookies. See our{' '}
          <PageLink to="/privacy-policy">privacy policy</PageLink> for what analytics data we collect.
        </Text>
        <CookieTable caption="Third-party analytics cookie" rows={analytics} />
      </PageSection>

      <PageSection title="Other information stored on your device">
        <Text>
          So that {brand.title} works without a mobile signal, your browser keeps a copy of the app and of these
          information pages, and the journeys you look at are kept on your device so you can read them offline. This
          information stays on your device and is not sent to us. Clearing this site's data in your browser removes it.
        </Text>
      </PageSection>

      <PageSection title="Contact us">
        <Text>If you have a question about cookies, contact:</Text>
        <OwnerContact brand={brand} />
      </PageSection>
    </StaticPage>
  );
}
