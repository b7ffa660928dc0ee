/** The licences and attributions for the data the planner uses. */
import { List } from '@mantine/core';

import { ATTRIBUTION_YEAR } from './facts';
import { ExternalLink } from './links';

export function DataAttributions() {
  return (
    <List spacing="xs">
      <List.Item>Contains National Rail Enquiries data, provided by the Rail Delivery Group.</List.Item>
      <List.Item>Coach timetables and stops from Ember.</List.Item>
      <List.Item>
        Contains OS data © Crown copyright and database right {ATTRIBUTION_YEAR}, and Office for National Statistics
        data, licensed under the{' '}
        <ExternalLink href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">
          Open Government Licence v3.0
        </ExternalLink>
        .
      </List.Item>
      <List.Item>
        Place names from GeoNames, licensed under{' '}
        <ExternalLink href="https://creativecommons.org/licenses/by/4.0/">
          Creative Commons Attribution 4.0
        </ExternalLink>
        .
      </List.Item>
      <List.Item>
        Map data © OpenStreetMap contributors, available under the{' '}
        <ExternalLink href="https://www.openstreetmap.org/copyright">Open Database Licence</ExternalLink>.
      </List.Item>
      <List.Item>
        CO2 emissions are calculated with the UK Government's greenhouse gas conversion factors, published by the
        Department for Energy Security and Net Zero under the Open Government Licence v3.0.
      </List.Item>
    </List>
  );
}
