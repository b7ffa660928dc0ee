import { List, Text } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { LAST_UPDATED } from './facts';
import { PageSection, StaticPage } from './layout';
import { ExternalLink, MailLink, OwnerContact, PageLink } from './links';

export function PrivacyPolicyPage() {
  const brand = useBrand();
  const accounts = brand.enableUserAccounts;
  // Only what the brand has integrated (issue 21): no provider is named that is not in use.
  const { analytics, errorReporting } = brand;
  return (
    <StaticPage
      title="Privacy policy"
      lastUpdated={LAST_UPDATED}
      lead={`How ${brand.title} uses information about you, who we share it with, how long we keep it, and your rights.`}
    >
      <PageSection title="Who we are">
        <Text>
          {brand.title} is run by {brand.owner.name}, which is the data controller for the information described here.
          You can plan journeys without telling us who you are
          {accounts ? '; you only give us personal details if you create an account' : ''}.
        </Text>
      </PageSection>

      <PageSection title="How we use your information">
        <List spacing="xs">
          <List.Item>
            To find journeys between the places you enter and work out their times, costs and CO2 emissions.
          </List.Item>
          {accounts && (
            <List.Item>
              To run your account: to sign you in, to keep your saved journeys and recent searches, and to take your
              passes (such as a railcard or concessionary pass) into account when we price journeys.
            </List.Item>
          )}
          <List.Item>To answer you when you contact us or our help centre.</List.Item>
          <List.Item>To keep the service secure, find faults and fix them.</List.Item>
          {analytics && (
            <List.Item>If you accept cookies, to understand how the service is used so we can improve it.</List.Item>
          )}
        </List>
        <Text>We do not sell your information, and we do not use it for advertising.</Text>
      </PageSection>

      <PageSection title="Types of information we create">
        <Text>When you use {brand.title}, we create and collect:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Location information:</strong> the start and end addresses of your searches and the journeys found
            for them. If you choose to use your current location, your browser shares it once to fill in the start
            address; we do not track where you go.
          </List.Item>
          <List.Item>
            <strong>Device information:</strong> the type of device, operating system, browser, screen size and language
            setting, and, if you accept cookies, a random number for this browser that tells your visits apart from
            other visitors' while you are not signed in.
          </List.Item>
          <List.Item>
            <strong>Log information:</strong> your IP address, the date and time of each request, the pages and data
            requested, and any errors.
          </List.Item>
          <List.Item>
            <strong>Usage information:</strong> the searches you make, the journeys and pages you look at
            {accounts ? ', the journeys you save' : ''}
            {analytics ? ' and, if you accept cookies, analytics about your visits' : ''}.
          </List.Item>
          {accounts && (
            <List.Item>
              <strong>Account information:</strong> if you create an account, your name, title, e-mail address, date of
              birth, phone number if you give one, and the passes you hold.
            </List.Item>
          )}
        </List>
      </PageSection>

      <PageSection title="Third parties who receive your information">
        <Text>We only share what each of these needs to do its job for us:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>Search partners:</strong> services that help us find addresses and plan journeys receive the text
            you type into the address boxes
            {brand.googleMapsKey
              ? ' (for this site, Google provides address suggestions)'
              : ': on this site addresses and journeys are found by our own server, so nobody else receives them'}
            . Transport operators do not receive your details from us; if you book with one, you deal with them
            directly.
          </List.Item>
          <List.Item>
            <strong>Help centre:</strong> if you ask for help through our help centre (
            <ExternalLink href={brand.supportLink}>{brand.supportLink}</ExternalLink>), it receives your message and
            your contact details.
          </List.Item>
          <List.Item>
            <strong>Analytics:</strong>{' '}
            {analytics
              ? `${analytics.provider} receives usage and device information, only if you accept cookies.`
              : 'none. We use no analytics service.'}
          </List.Item>
          <List.Item>
            <strong>Crash and error reporting:</strong>{' '}
            {errorReporting
              ? `when something goes wrong, a report with the page, device information and what failed is sent to ${errorReporting.provider}. It does not include your name${accounts ? ' or the password of your account' : ''}.`
              : 'none. Errors are recorded only in our own server logs.'}
          </List.Item>
          <List.Item>
            <strong>Messaging:</strong> the providers that deliver our e-mails
            {accounts ? ' (such as account activation and password reset messages)' : ''}. The notices that tell your
            browser when journey results are ready come from our own server.
          </List.Item>
        </List>
        <Text>
          Some of these providers may handle information outside the UK. Where they do, we make sure the transfer is
          protected by safeguards that UK data protection law accepts, such as the UK International Data Transfer
          Agreement.
        </Text>
      </PageSection>

      <PageSection title="How long we keep your information">
        <List spacing="xs">
          <List.Item>
            Searches and journey results made without an account: 30 days, then deleted (unless someone saved one of the
            journeys to their account).
          </List.Item>
          <List.Item>
            Your IP address: only while we count requests to stop abuse, at most an hour. We never store it with your
            searches or your account.
          </List.Item>
          {accounts && (
            <List.Item>
              Account details, saved journeys and recent searches: for as long as you keep your account. If you ask us
              to close it, we delete them within 30 days.
            </List.Item>
          )}
          <List.Item>Server logs: 30 days.</List.Item>
          {errorReporting && <List.Item>Crash and error reports: {errorReporting.retention}.</List.Item>}
          {analytics && <List.Item>Analytics data: {analytics.retention}.</List.Item>}
          <List.Item>Messages you send us: 2 years after our last reply.</List.Item>
        </List>
        <Text>
          Journeys kept on your device for offline use stay there until you clear this site's data in your browser.
        </Text>
      </PageSection>

      <PageSection title="Your rights">
        <Text>Under the UK General Data Protection Regulation (UK GDPR) you have the right to:</Text>
        <List spacing="xs">
          <List.Item>
            <strong>access</strong> the information we hold about you and get a copy of it;
          </List.Item>
          <List.Item>
            <strong>rectification</strong>: have information corrected if it is wrong or incomplete;
          </List.Item>
          <List.Item>
            <strong>erasure</strong>: have your information deleted;
          </List.Item>
          <List.Item>
            <strong>restriction</strong>: ask us to limit how we use your information;
          </List.Item>
          <List.Item>
            <strong>portability</strong>: get the information you gave us in a common, machine-readable format;
          </List.Item>
          <List.Item>
            <strong>object</strong> to how we use your information;
          </List.Item>
          <List.Item>
            <strong>withdraw your consent</strong> at any time.
          </List.Item>
        </List>
        <Text>
          To use any of these rights, e-mail <MailLink email={brand.contactEmail} subject="Data protection request" />.
          We will reply within one month. It is free.
        </Text>
        <Text>
          If you are unhappy with how we have handled your information, you can complain to the Information
          Commissioner's Office (ICO), the UK regulator for data protection: telephone 0303 123 1113 or{' '}
          <ExternalLink href="https://ico.org.uk/make-a-complaint/">make a complaint on the ICO website</ExternalLink>.
          We would be grateful for the chance to put things right first.
        </Text>
      </PageSection>

      <PageSection title="Our legal basis">
        <Text>
          We rely on your consent to use your information: you give it when you search for a journey
          {accounts ? ', when you create an account' : ''}
          {analytics ? ' and when you accept cookies' : ''}. You can withdraw your consent at any time
          {accounts ? ' by closing your account, ' : ' '}by clearing this site's data in your browser, or by e-mailing
          us. Withdrawing consent does not affect what we did before you withdrew it.
        </Text>
        <Text>
          Our <PageLink to="/cookie-policy">cookie policy</PageLink> describes the cookies we use.
        </Text>
      </PageSection>

      {accounts && (
        <PageSection title="Children">
          <Text>You must be 12 or over to create an account.</Text>
        </PageSection>
      )}

      <PageSection title="Changes to this policy">
        <Text>If we change how we use your information, we will update this page and the date at the top of it.</Text>
      </PageSection>

      <PageSection title="Contact us">
        <Text>For questions about your information or this policy, contact:</Text>
        <OwnerContact brand={brand} />
      </PageSection>
    </StaticPage>
  );
}
