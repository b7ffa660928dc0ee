/**
 * Print journey (SPEC section 2, /search/{hash}/results/{journeyId}/print): the journey's
 * details, then every step with its directions open, then the end cards. The print stylesheet
 * drops the shell, buttons and links' chrome; 'Print this page' opens the browser's dialog.
 */
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import type { Direction, Journey, Leg } from '../../../../contract/journey';
import { dateLabel } from '../../../components/journey-labels';
import { ScreenHeading } from '../../../components/ScreenHeading';
import { useBrand } from '../../../lib/brand';
import {
  emissionsText,
  instructionText,
  instructionsToggleLabel,
  milesText,
  priceText,
  waitText,
} from '../details-format';
import { Fact } from '../Fact';
import classes from '../journey.module.css';
import { JourneyQueryState } from '../JourneyQueryState';
import { useJourneyQuery } from '../services';
import { DirectionList, EndCard, StepFacts, StepHeader } from '../StepTimeline';
import { printItems, visiblePrintItems, type PrintItem } from './print-model';
import printClasses from './print.module.css';

function LegFacts({ title, leg, from, to }: { title: string; leg: Leg; from: string; to: string }) {
  return (
    <section aria-label={title}>
      <Title order={3} size="h4" mb={4}>
        {title}: {from} to {to}
      </Title>
      <dl className={classes.facts}>
        <Fact label="Date">{dateLabel(leg.departure_date)}</Fact>
        <Fact label="Depart at">{leg.departure_at}</Fact>
        <Fact label="Arrive at">{leg.arrival_at}</Fact>
        <Fact label="Journey time">{leg.duration.text}</Fact>
        <Fact label="Wait time">{waitText(leg.wait_time)}</Fact>
        <Fact label="Walking distance">{milesText(leg.walking_distance.value)}</Fact>
      </dl>
    </section>
  );
}

/** A step's directions past the print offset: a count and 'Show instructions'. */
function CollapsedDirections({ directions }: { directions: Direction[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {instructionsToggleLabel(open, directions.length)}
      </Button>
      {open && (
        <List id={id} type="ordered" size="sm">
          {directions.map((direction, i) => (
            <List.Item key={i}>{instructionText(direction.html_instructions)}</List.Item>
          ))}
        </List>
      )}
    </div>
  );
}

function Item({ item }: { item: Exclude<PrintItem, { kind: 'hidden' }> }) {
  switch (item.kind) {
    case 'step':
      return (
        <Stack gap={4}>
          <StepHeader step={item.step} />
          <Text>{item.step.description}</Text>
          <StepFacts step={item.step} />
          {item.directions.length > 0 && <DirectionList step={{ ...item.step, directions: item.directions }} />}
        </Stack>
      );
    case 'collapse':
      return <CollapsedDirections directions={item.directions} />;
    case 'custom':
      return <EndCard kind={item.card} time={item.time} title={item.title} detail={item.detail} />;
  }
}

export function PrintJourney({ journey }: { journey: Journey }) {
  const brand = useBrand();
  const items = useMemo(
    () => visiblePrintItems(printItems(journey, { appointment: brand.health.appointmentStep })),
    [journey, brand],
  );
  return (
    <Stack gap="lg" className={printClasses.page}>
      <section aria-labelledby="print-details-title">
        <Title order={2} id="print-details-title" mb="xs">
          Journey details
        </Title>
        <Paper withBorder p="md" radius="md" className={printClasses.card}>
          <Stack gap="md">
            <dl className={classes.facts}>
              <Fact label="Price">{priceText(journey.cost)}</Fact>
              <Fact label="Duration">{journey.duration.text}</Fact>
              <Fact label="Emissions">{emissionsText(journey.carbon_emission)}</Fact>
              <Fact label="Walking distance">{milesText(journey.total_walking_distance)}</Fact>
            </dl>
            <LegFacts
              title="Outbound"
              leg={journey.depart}
              from={journey.origin.label}
              to={journey.destination.label}
            />
            {journey.return && (
              <LegFacts
                title="Return"
                leg={journey.return}
                from={journey.destination.label}
                to={journey.origin.label}
              />
            )}
            {journey.estimated && (
              <Text size="sm">
                Some stages are estimates: this area has no street map, so their times and distances are approximate.
              </Text>
            )}
          </Stack>
        </Paper>
      </section>
      <section aria-labelledby="print-steps-title">
        <Title order={2} id="print-steps-title" mb="xs">
          Step by step guide
        </Title>
        <ol className={printClasses.steps}>
          {items.map((item, i) => (
            <li key={i} className={printClasses.card}>
              {item.kind === 'step' && item.index === 0 && (
                <Text fw={700} size="lg" mb="xs">
                  {item.leg === 'return' ? 'Return journey' : 'Outbound journey'}
                </Text>
              )}
              <Paper withBorder p="sm" radius="md">
                <Item item={item} />
              </Paper>
            </li>
          ))}
        </ol>
      </section>
    </Stack>
  );
}

export function PrintScreen({ hash, journeyId }: { hash: string; journeyId: string }) {
  // The same cache entry as Journey details (kept offline): an opened journey prints without another fetch.
  const query = useJourneyQuery(hash, journeyId);
  const brand = useBrand();
  return (
    <>
      {/* The shell's header is not printed: the paper carries the brand's logo instead. */}
      <img src={brand.logo} alt={brand.title} height={44} className={printClasses.logo} />
      <ScreenHeading title="Print journey" />
      <Group gap="md" mb="md" className="no-print">
        <Anchor component={Link} to={`/search/${encodeURIComponent(hash)}/results/${encodeURIComponent(journeyId)}`}>
          &lt; Back to journey details
        </Anchor>
        <Button onClick={() => window.print()} disabled={!query.isSuccess}>
          Print this page
        </Button>
      </Group>
      <JourneyQueryState query={query}>{(journey) => <PrintJourney journey={journey} />}</JourneyQueryState>
    </>
  );
}
