import { List, Table, Text } from '@mantine/core';

import { isHouseAdvert, useBrand } from '../../lib/brand';
import { LAST_UPDATED } from './facts';
import { StaticPage, PageSection } from './layout';
import { ExternalLink, OwnerContact, PageLink } from './links';

interface CookieRow {
  name: string;
  purpose: string;
  duration: string;
}

/**
 * What the product really stores (issue 21): the sign-in token cookie (brands with accounts),
 * the cookie-banner choice and a few small records in local storage, the offline copy of
 * journeys in IndexedDB and the service worker's copy of the app. No anti-forgery or session
 * cookie: the API takes the token as a bearer header and keeps no session. Analytics cookies
 * only when the brand configures an analytics service.
 */
const NAMES = {
  userToken: 'user-token',
  consent: 'drover.cookie-consent',
  impressions: 'drover.campaign-impressions',
  appointment: 'drover-appointment-minutes',
  offline: 'drover-query-cache',
  visitor: 'drover.visitor-id',
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
  const analytics = brand.analytics;
  const essential: CookieRow[] = brand.enableUserAccounts
    ? [
        {
          name: NAMES.userToken,
          purpose:
            'Sign-in token. Keeps you signed in to your account and is sent with your requests to us. Only set when you sign in.',
          duration: `${END_OF_SESSION}, or when you sign out`,
        },
      ]
    : [];
  const device: CookieRow[] = [
    {
      name: NAMES.consent,
      purpose: 'Your cookie-banner choice (local storage), so the banner does not keep appearing. Never sent to us.',
      duration: "Until you clear this site's data",
    },
    {
      name: NAMES.visitor,
      purpose:
        "A random number for this browser (local storage), kept only after you choose 'Accept Cookies'. It is sent with your requests while you are not signed in, so we can tell one visitor's journey views and searches from another's. It does not say who you are.",
      duration: "Until you clear this site's data",
    },
    {
      name: NAMES.offline,
      purpose: `The journeys, step guides and timetables you opened${brand.enableUserAccounts ? ', and the lists of your saved journeys and recent searches' : ''} (IndexedDB), so you can read them without a signal.${brand.enableUserAccounts ? ' Signing out removes your lists.' : ''}`,
      duration: '30 days after you last opened them',
    },
    {
      name: 'Service worker',
      purpose:
        'A copy of the app, these information pages and map tiles in your browser, so the planner opens offline.',
      duration: 'Until a new version replaces it, or you clear the site data',
    },
    {
      name: NAMES.impressions,
      purpose: 'Which notices (campaign pop-ups) you have seen (local storage), so one is not shown again.',
      duration: 'A day after the notice ends',
    },
    ...(brand.health.appointmentStep
      ? [
          {
            name: NAMES.appointment,
            purpose: 'The appointment length you chose for a search (local storage).',
            duration: 'Your latest 50 searches',
          },
        ]
      : []),
  ];

  return (
    <StaticPage
      title="Cookie policy"
      lastUpdated={LAST_UPDATED}
      lead={`This page explains what ${brand.title} stores in your browser, what it is for, and how you can control it.`}
    >
      <PageSection title="Introduction">
        <Text>
          Cookies are small files that a website saves in your web browser. They let the site recognise your browser
          from one page to the next. {brand.title} is run by {brand.owner.name}.
        </Text>
        <Text>
          {brand.enableUserAccounts ? 'We set one cookie, and only when you sign in. ' : 'We set no cookies. '}
          Your browser also keeps a few records for us in its local storage and IndexedDB, listed below; they stay on
          your device, except the visitor number, which is sent with your requests.
          {analytics
            ? ` If you choose 'Accept Cookies', ${analytics.provider} sets the analytics cookies listed below.`
            : ''}
        </Text>
      </PageSection>

      <PageSection title="Blocking and deleting cookies">
        <Text>
          You can block or delete cookies and site data in your browser's settings, and most browsers let you do this
          for one website at a time.{brand.enableUserAccounts ? ' If you block cookies, signing in will not work.' : ''}{' '}
          Clearing this site's data also removes the journeys kept for offline use, and the cookie banner asks you
          again.
        </Text>
        <Text>
          The Information Commissioner's Office explains how to manage cookies in common browsers:{' '}
          <ExternalLink href="https://ico.org.uk/for-the-public/online/cookies/">ICO guidance on cookies</ExternalLink>.
        </Text>
      </PageSection>

      <PageSection title="How we use cookies">
        <List spacing="xs">
          {brand.enableUserAccounts && <List.Item>To keep you signed in to your account.</List.Item>}
          <List.Item>To remember your cookie choice.</List.Item>
          <List.Item>To keep the journeys you opened readable offline.</List.Item>
          {analytics && (
            <List.Item>If you agree, to count visits and see which pages are used ({analytics.provider}).</List.Item>
          )}
        </List>
        <Text>We do not use cookies for advertising and we do not sell information about you.</Text>
        {brand.advertBanner && !isHouseAdvert(brand.advertBanner) && (
          <Text>
            The journey results page shows a banner ({brand.advertBanner.title}) loaded from another website. That
            website may set its own cookies, which its own cookie policy covers.
          </Text>
        )}
      </PageSection>

      <PageSection title="Essential cookies">
        {essential.length > 0 ? (
          <>
            <Text>This is needed for your account to work, so it does not need your consent.</Text>
            <CookieTable caption="Essential cookies" rows={essential} />
          </>
        ) : (
          <Text>{brand.title} sets no cookies: there are no accounts to sign in to.</Text>
        )}
      </PageSection>

      <PageSection title="Analytics cookies">
        {analytics ? (
          <>
            <Text>
              These belong to {analytics.provider}, which sets them for us, only after you accept cookies. See our{' '}
              <PageLink to="/privacy-policy">privacy policy</PageLink> for what analytics data we collect.
            </Text>
            <CookieTable caption="Third-party analytics cookies" rows={analytics.cookies} />
          </>
        ) : (
          <Text>We use no analytics service, so no analytics cookies are set.</Text>
        )}
      </PageSection>

      <PageSection title="Other information stored on your device">
        <Text>
          This stays in your browser and is not sent to us. Clearing this site's data in your browser removes it.
        </Text>
        <CookieTable caption="Stored on your device" rows={device} />
      </PageSection>

      <PageSection title="Contact us">
        <Text>If you have a question about cookies, contact:</Text>
        <OwnerContact brand={brand} />
      </PageSection>
    </StaticPage>
  );
}
