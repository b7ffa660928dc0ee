/**
 * 'Map of journey' on the Journey details screen (SPEC section 2): Outbound/Return pills, the
 * 'Show on map' filter (None, All, and Toilets when the leg's destination has toilets), the map
 * (a lazy chunk), its text alternative, the toilets as a list too, points-of-interest cards on
 * brands with showPois, and 'Show my location' (refreshed every 10 seconds while shared).
 */
import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useId, useMemo, useState } from 'react';
import type { Journey, Poi, ToiletMarker } from '../../../../contract/journey';
import { PlaceIcon } from '../../../components/PlaceIcon';
import { useBrand } from '../../../lib/brand';
import journeyClasses from '../journey.module.css';
import { LazyMap } from './LazyMap';
import {
  LEG_LABELS,
  legPath,
  mapDescription,
  mapFilterOptions,
  pathBounds,
  ROUTE_COLOURS,
  showsStages,
  showsToilets,
  stagePoints,
  validFilter,
  type LegKey,
  type MapFilter,
} from './map-model';
import { ToiletDetails } from './ToiletDetails';
import { canSharePosition, useSharedPosition } from './use-shared-position';
import { useStepLines } from './use-step-lines';

export const JOURNEY_MAP_ID = 'journey-map';

function ToiletList({ toilets }: { toilets: ToiletMarker[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Toilets near the destination
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {toilets.map((toilet, i) => (
          <Paper key={i} withBorder p="sm" radius="md">
            <ToiletDetails toilet={toilet} headingLevel={4} />
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function PoiCards({ pois }: { pois: Poi[] }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        Points of interest along the route
      </Title>
      {pois.length === 0 ? (
        <Text>No points of interest are recorded along this route.</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} component="ul" className={journeyClasses.plainList}>
          {pois.map((poi) => (
            <Paper component="li" key={`${poi.type} ${poi.name}`} withBorder p="sm" radius="md">
              <Group gap={6} wrap="nowrap">
                <PlaceIcon type={poi.type} size={22} />
                <Text fw={700} size="xl" lh={1.1}>
                  {poi.count}
                </Text>
              </Group>
              {poi.link ? (
                <Anchor href={poi.link} target="_blank" rel="noopener noreferrer">
                  {poi.name}
                </Anchor>
              ) : (
                <Text>{poi.name}</Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function JourneyMap({ journey, initialLeg = 'depart' }: { journey: Journey; initialLeg?: LegKey }) {
  const brand = useBrand();
  const [legKey, setLegKey] = useState<LegKey>(journey.return ? initialLeg : 'depart');
  const leg = legKey === 'return' && journey.return ? journey.return : journey.depart;
  const [chosenFilter, setFilter] = useState<MapFilter>('none');
  const filter = validFilter(leg, chosenFilter);
  const [sharing, setSharing] = useState(false);
  const stopSharing = useCallback(() => setSharing(false), []);
  const { position, error } = useSharedPosition(sharing, stopSharing);
  const descriptionId = useId();

  const [from, to] =
    legKey === 'depart'
      ? [journey.origin.label, journey.destination.label]
      : [journey.destination.label, journey.origin.label];
  // Rail rides along the region's railway lines where the feed has no shapes (issue 21 item 8).
  const lines = useStepLines(leg.steps);
  const bounds = useMemo(() => pathBounds([...legPath(leg), ...lines.flatMap((line) => line.points)]), [leg, lines]);
  const first = leg.steps[0]!;
  const last = leg.steps[leg.steps.length - 1]!;

  return (
    <section id={JOURNEY_MAP_ID} tabIndex={-1} className={journeyClasses.section} aria-labelledby="journey-map-title">
      <Stack gap="sm">
        <Title order={2} id="journey-map-title">
          Map of journey
        </Title>
        <Group align="end" gap="md" className={journeyClasses.noPrint}>
          {journey.return && (
            <SegmentedControl
              aria-label="Journey shown on the map"
              radius="xl"
              value={legKey}
              onChange={(value) => setLegKey(value as LegKey)}
              data={(['depart', 'return'] as const).map((key) => ({ value: key, label: LEG_LABELS[key] }))}
            />
          )}
          <NativeSelect
            label="Show on map"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value as MapFilter)}
            data={mapFilterOptions(leg)}
            w={140}
          />
          {canSharePosition() && (
            <Button
              variant={sharing ? 'filled' : 'outline'}
              aria-pressed={sharing}
              onClick={() => setSharing((was) => !was)}
            >
              {sharing ? 'Stop showing my location' : 'Show my location'}
            </Button>
          )}
        </Group>
        {error && (
          <Text role="alert" c="red.9">
            {error}
          </Text>
        )}
        <LazyMap
          label={`Map of the ${LEG_LABELS[legKey].toLowerCase()} journey from ${from} to ${to}`}
          describedBy={descriptionId}
          colour={ROUTE_COLOURS[legKey]}
          lines={lines}
          bounds={bounds}
          start={{ at: [first.start_location.lng, first.start_location.lat], label: from }}
          end={{ at: [last.end_location.lng, last.end_location.lat], label: to }}
          stages={showsStages(filter) ? stagePoints(leg, brand.key) : []}
          toilets={showsToilets(filter) ? leg.destination_toilets.markers : []}
          position={position}
        />
        <Text id={descriptionId} size="sm">
          {mapDescription(leg, legKey, from, to, filter)}
        </Text>
        {showsToilets(filter) && leg.destination_toilets.markers.length > 0 && (
          <ToiletList toilets={leg.destination_toilets.markers} />
        )}
        {brand.showPois && <PoiCards pois={leg.pois} />}
      </Stack>
    </section>
  );
}
