import { List, Text } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { DataAttributions } from './DataAttributions';
import { andList, estimatedPriceModeNames, offeredModeNames, orList } from './facts';
import { PageSection, StaticPage } from './layout';
import { PageLink } from './links';

export function AboutPage() {
  const brand = useBrand();
  const areas = andList(brand.region.councilAreas);
  const estimated = estimatedPriceModeNames(brand);
  return (
    <StaticPage title={`About ${brand.title}`} documentTitle="About" lead={brand.description}>
      <PageSection title="What it does">
        <Text>
          {brand.title} plans door-to-door journeys, one way or there and back, using {andList(offeredModeNames(brand))}
          . For each journey it shows when to leave and arrive, how long you will wait and walk, what it is likely to
          cost and its estimated CO2 emissions, so you can compare options side by side.
        </Text>
        <Text>
          Every journey comes with a map and a step-by-step guide you can print or keep on your phone.
          {brand.enableUserAccounts
            ? ' With a free account you can save journeys, find your recent searches again and record passes such as a railcard or concessionary pass, so fares reflect what you actually pay.'
            : ''}
        </Text>
      </PageSection>

      <PageSection title="Area covered">
        <Text>
          {brand.title} covers journeys in the council areas of {areas}. You can plan journeys that start or finish
          further away, but the results are less detailed outside this area.
        </Text>
      </PageSection>

      <PageSection title="Booking and paying">
        <Text>
          We do not sell tickets. When you have chosen a journey, you book and pay with the transport provider, for
          example at the station, on the bus or on the operator's website.
          {estimated.length > 0
            ? ` Prices for journeys without a fixed fare, such as those using ${orList(estimated)}, are estimates.`
            : ''}{' '}
          See our <PageLink to="/terms-and-conditions">terms and conditions</PageLink>.
        </Text>
      </PageSection>

      <PageSection title="Use it on your phone, even without signal">
        <Text>
          {brand.title} works in any up-to-date web browser. You can add it to your home screen like an app, and once
          you have opened it, it keeps working without a signal: the journeys you have looked at stay readable offline.
          Planning a new journey needs a connection.
        </Text>
      </PageSection>

      <PageSection title="Who runs it">
        <Text>
          {brand.title} is run by {brand.owner.name}. To get in touch, see{' '}
          <PageLink to="/contact-us">contact us</PageLink>.
        </Text>
      </PageSection>

      <PageSection title="Where our information comes from">
        <Text>Journey plans are built from open and licensed data:</Text>
        <DataAttributions />
      </PageSection>

      <PageSection title="Find out more">
        <List spacing="xs">
          <List.Item>
            <PageLink to="/hear-more">How to hear about updates</PageLink>
          </List.Item>
          <List.Item>
            <PageLink to="/statement">Accessibility statement</PageLink>
          </List.Item>
          <List.Item>
            <PageLink to="/site-map">Site map</PageLink>
          </List.Item>
        </List>
      </PageSection>
    </StaticPage>
  );
}
