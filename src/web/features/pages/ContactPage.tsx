import { Text } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { PageSection, StaticPage } from './layout';
import { ExternalLink, MailLink, OwnerContact, PageLink } from './links';

export function ContactPage() {
  const brand = useBrand();
  return (
    <StaticPage
      title="Contact us"
      lead={`How to get help with ${brand.title} or get in touch with the team that runs it.`}
    >
      <PageSection title="Help with using the journey planner">
        <Text>
          Our help centre answers the most common questions:{' '}
          <ExternalLink href={brand.supportLink}>{brand.title} help centre</ExternalLink>.
        </Text>
        <Text>
          If you cannot find your answer there, or something is not working, e-mail our support team at{' '}
          <MailLink email={brand.supportEmail} subject={`Help with ${brand.title}`} />. It helps us if you tell us the
          journey you were planning, the device and browser you use, and what went wrong.
        </Text>
      </PageSection>

      <PageSection title="Tickets, refunds and delays">
        <Text>
          We do not sell tickets, so we cannot help with bookings, refunds, lost property or complaints about a journey.
          Please contact the transport operator you travelled or booked with.
        </Text>
      </PageSection>

      <PageSection title="Everything else">
        <Text>For general enquiries, partnerships, press and data protection requests, write to us or e-mail:</Text>
        <OwnerContact brand={brand} />
        <Text>
          To report a problem with accessibility, see our <PageLink to="/statement">accessibility statement</PageLink>.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
