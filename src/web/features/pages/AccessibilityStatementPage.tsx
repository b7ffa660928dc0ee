import { List, Text } from '@mantine/core';

import { isHouseAdvert, useBrand } from '../../lib/brand';
import { STATEMENT_PREPARED } from './facts';
import { PageSection, StaticPage } from './layout';
import { ExternalLink, MailLink } from './links';

export function AccessibilityStatementPage() {
  const brand = useBrand();
  const name = brand.title;
  return (
    <StaticPage
      title={`Accessibility statement for ${name}`}
      documentTitle="Accessibility statement"
      lead={`This statement applies to the ${name} website and to the app you can install from it. It is run by ${brand.owner.name}.`}
    >
      <PageSection title="Using this website">
        <Text>
          We want as many people as possible to be able to use {name}. We aim to meet the Web Content Accessibility
          Guidelines (WCAG) version 2.2 at level AA. That means you should be able to:
        </Text>
        <List spacing="xs">
          <List.Item>plan a journey and read its step-by-step guide using just a keyboard;</List.Item>
          <List.Item>use it with a screen reader, such as JAWS, NVDA, VoiceOver or TalkBack;</List.Item>
          <List.Item>zoom in up to 400% without text spilling off the screen or having to scroll sideways;</List.Item>
          <List.Item>change colours, contrast and fonts using your browser or device settings;</List.Item>
          <List.Item>
            use it without a signal once you have opened it, to read the journeys you have already viewed.
          </List.Item>
        </List>
        <Text>We have also tried to keep the text simple to understand.</Text>
        <Text>
          AbilityNet has advice on making your device easier to use:{' '}
          <ExternalLink href="https://mcmw.abilitynet.org.uk/">AbilityNet's My Computer My Way</ExternalLink>.
        </Text>
      </PageSection>

      <PageSection title="How accessible this website is">
        <Text>We know some parts of {name} are not fully accessible:</Text>
        <List spacing="xs">
          <List.Item>
            The journey map is visual. The step-by-step guide on the same page gives the same route, stops, times and
            directions as text, and works with a keyboard and a screen reader.
          </List.Item>
          <List.Item>
            Operator websites and timetables that we link to are run by others and may not be accessible.
          </List.Item>
          {brand.advertBanner && !isHouseAdvert(brand.advertBanner) && (
            <List.Item>
              The banner on the journey results page comes from another website and may not be accessible.
            </List.Item>
          )}
        </List>
      </PageSection>

      <PageSection title="What to do if you cannot use parts of this website">
        <Text>
          If you need information from {name} in a different format, such as large print, easy read or an audio
          recording, e-mail <MailLink email={brand.supportEmail} subject={`Accessible format request: ${name}`} />. We
          aim to reply within 10 working days.
        </Text>
      </PageSection>

      <PageSection title="Reporting accessibility problems">
        <Text>
          We are always looking to improve the accessibility of {name}. If you find a problem that is not listed on this
          page, or you think we are not meeting accessibility requirements, e-mail{' '}
          <MailLink email={brand.supportEmail} subject={`Accessibility problem: ${name}`} />. Please tell us the page
          you were on and what went wrong.
        </Text>
      </PageSection>

      <PageSection title="Enforcement procedure">
        <Text>
          The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Public Sector Bodies
          (Websites and Mobile Applications) (No. 2) Accessibility Regulations 2018 (the 'accessibility regulations').
          If you are not happy with how we respond to your complaint, contact the{' '}
          <ExternalLink href="https://www.equalityadvisoryservice.com/">
            Equality Advisory and Support Service (EASS)
          </ExternalLink>
          .
        </Text>
      </PageSection>

      <PageSection title="Technical information about this website's accessibility">
        <Text>
          {brand.owner.name} is committed to making {name} accessible, in line with the accessibility regulations.
        </Text>
        <PageSection title="Compliance status" order={3}>
          <Text>
            {name} is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard, because
            of the non-accessible content listed below.
          </Text>
        </PageSection>
        <PageSection title="Non-accessible content" order={3}>
          <Text>
            The journey map cannot be fully used with a keyboard or understood with a screen reader (success criteria
            1.1.1 Non-text Content and 2.1.1 Keyboard). The step-by-step guide gives the same information as text. We
            will keep improving the map's text alternatives.
          </Text>
        </PageSection>
        <PageSection title="Content that is not within the scope of the accessibility regulations" order={3}>
          <Text>
            Third-party content that we do not fund, develop or control, such as operators' websites and timetables, is
            not within the scope of the regulations.
          </Text>
        </PageSection>
      </PageSection>

      <PageSection title="Preparation of this accessibility statement">
        <Text>
          This statement was prepared on {STATEMENT_PREPARED}. It is based on a self-assessment by the team that builds{' '}
          {name}. We will review it whenever the service changes significantly, and at least once a year.
        </Text>
      </PageSection>
    </StaticPage>
  );
}
