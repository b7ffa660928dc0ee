import { List, Text } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { PageSection, StaticPage } from './layout';
import { ExternalLink, MailLink, PageLink } from './links';

export function HearMorePage() {
  const brand = useBrand();
  const { ios, android } = brand.appStoreLinks;
  return (
    <StaticPage title="Hear more" lead={`How to hear about new features, changes and improvements to ${brand.title}.`}>
      <PageSection title="Get updates by e-mail">
        <Text>
          E-mail <MailLink email={brand.contactEmail} subject={`Updates about ${brand.title}`} /> and ask to hear about
          updates. We will only use your e-mail address to send you news about {brand.title}, and you can ask us to stop
          at any time. Our <PageLink to="/privacy-policy">privacy policy</PageLink> explains how we look after it.
        </Text>
      </PageSection>

      <PageSection title="Use it as an app">
        {ios || android ? (
          <>
            <Text>{brand.title} is also available as an app:</Text>
            <List spacing="xs">
              {ios && (
                <List.Item>
                  <ExternalLink href={ios}>{brand.title} on the App Store for iPhone and iPad</ExternalLink>
                </List.Item>
              )}
              {android && (
                <List.Item>
                  <ExternalLink href={android}>{brand.title} on Google Play for Android</ExternalLink>
                </List.Item>
              )}
            </List>
          </>
        ) : null}
        <Text>
          You can also add this website to your phone's home screen. In your browser's menu, choose 'Add to Home Screen'
          or 'Install app'. It then opens like an app and keeps the journeys you have viewed available without a signal.
        </Text>
      </PageSection>

      <PageSection title="Help centre">
        <Text>
          Our help centre answers common questions about using the service:{' '}
          <ExternalLink href={brand.supportLink}>{brand.title} help centre</ExternalLink>.
        </Text>
      </PageSection>

      <PageSection title="Travel disruption">
        <Text>
          For disruption to travel across Scotland, such as closed roads and cancelled services, see{' '}
          <ExternalLink href={brand.updatesLink}>national travel updates</ExternalLink>, or check with your transport
          operator.
        </Text>
      </PageSection>

      <PageSection title="Tell us what you think">
        <Text>
          We would like to hear how {brand.title} could work better for you. E-mail{' '}
          <MailLink email={brand.supportEmail} subject={`Feedback about ${brand.title}`} />.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
