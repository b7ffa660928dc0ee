/** One result card (SPEC section 2 Results) and the skeleton shown while a journey is processed. */
import { isDeviceHash, PLANNED_ON_DEVICE } from '../../lib/device-planner/device-searches';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { Journey, Leg } from '../../../contract/journey';
import { costLabel, dateLabel, modesInWords } from '../../components/journey-labels';
import { estimatedTimesNote, outsideRegionNote, rolledForwardNote } from '../../components/timetable-notes';
import { ModeIcon } from '../../components/ModeIcon';
import { kgCo2, minutes } from './format';
import { milesFixed } from '../../../vocabulary/units';
import classes from './results.module.css';

function LegSummary({ label, leg }: { label: string; leg: Leg }) {
  return (
    <div className={classes.leg}>
      <Text fw={700} component="h3" size="sm">
        {label}
      </Text>
      <dl className={classes.facts}>
        <div>
          <dt>Date</dt>
          <dd>{dateLabel(leg.departure_date)}</dd>
        </div>
        <div>
          <dt>Leave</dt>
          <dd>{leg.departure_at}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{leg.duration.text}</dd>
        </div>
        <div>
          <dt>Arrive</dt>
          <dd>
            {leg.arrival_at}
            {leg.arrival_date !== leg.departure_date ? ` (${dateLabel(leg.arrival_date)})` : ''}
          </dd>
        </div>
      </dl>
      {leg.time_gap && (
        <Text size="sm" className={classes.note}>
          {leg.time_gap.text}.
        </Text>
      )}
    </div>
  );
}

export interface JourneyCardProps {
  hash: string;
  journey: Journey;
  /** 1-based position in the shown list, for the card's heading. */
  position: number;
  emissions: 'lowest' | 'highest' | null;
}

export function JourneyCard({ hash, journey, position, emissions }: JourneyCardProps) {
  const headingId = useId();
  const stages = journey.depart.stages;
  const rolledForward = rolledForwardNote(journey);
  const outsideNote = outsideRegionNote(journey);
  const timesNote = estimatedTimesNote(journey);
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId} className={classes.card}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {/* The modes in words for everyone, not only as icons (issue 32). */}
            Option {position}: {modesInWords(stages)}
          </Title>
          <Text fw={700} size="lg" aria-label={`Cost ${costLabel(journey.cost)}`}>
            {costLabel(journey.cost)}
          </Text>
        </Group>
        <Group gap={6} role="list" aria-label="Modes of travel">
          {stages.map((stage, i) => (
            <span role="listitem" key={`${stage}-${i}`}>
              <ModeIcon mode={stage} circled />
            </span>
          ))}
        </Group>
        {isDeviceHash(hash) && (
          <Badge color="#1f4e79" variant="filled" w="fit-content">
            {PLANNED_ON_DEVICE}
          </Badge>
        )}
        {journey.eligibility && (
          <Text size="sm" className={classes.note} fw={700}>
            Only for {journey.eligibility}.
          </Text>
        )}
        <LegSummary label="Outbound" leg={journey.depart} />
        {journey.return && <LegSummary label="Return" leg={journey.return} />}
        {journey.return_unavailable && (
          <Text size="sm" className={classes.note} fw={700}>
            {journey.return_unavailable}
          </Text>
        )}
        <dl className={classes.facts}>
          <div>
            <dt>Estimated wait time</dt>
            <dd>{minutes(journey.total_wait_time)} mins</dd>
          </div>
          <div>
            <dt>Estimated walking distance</dt>
            <dd>{milesFixed(journey.total_walking_distance)} miles</dd>
          </div>
          <div>
            <dt>Estimated total emissions</dt>
            <dd>
              {kgCo2(journey.carbon_emission)} kg CO2
              {emissions && (
                // Dark shades: the white badge text needs 4.5:1 (axe color-contrast).
                <Badge ml="xs" color={emissions === 'lowest' ? '#1e5b2a' : '#9b1c1c'} variant="filled">
                  {emissions === 'lowest' ? 'Lowest emissions' : 'Highest emissions'}
                </Badge>
              )}
            </dd>
          </div>
        </dl>
        {journey.estimated && (
          <Text size="sm" className={classes.note}>
            Estimate: some parts of this journey are measured in a straight line, not along streets or paths.
          </Text>
        )}
        {timesNote && (
          <Text size="sm" className={classes.note} fw={700}>
            {timesNote}
          </Text>
        )}
        {rolledForward && (
          <Text size="sm" className={classes.note}>
            {rolledForward}
          </Text>
        )}
        {outsideNote && (
          <Text size="sm" className={classes.note}>
            {outsideNote}
          </Text>
        )}
        {journey.id && (
          <Group justify="flex-end">
            <Button
              renderRoot={(props) => (
                <Link {...props} to="/search/$hash/results/$journeyId" params={{ hash, journeyId: journey.id }} />
              )}
              aria-describedby={headingId}
            >
              View journey details
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A journey the planner announced but the app has not fetched yet. */
export function PlaceholderCard() {
  return (
    <Paper withBorder p="md" className={classes.card} aria-hidden="true" data-placeholder="">
      <Stack gap="sm">
        <Group justify="space-between">
          <Skeleton height={20} width="40%" />
          <Skeleton height={20} width={60} />
        </Group>
        <Group gap={6}>
          <Skeleton height={28} circle />
          <Skeleton height={28} circle />
          <Skeleton height={28} circle />
        </Group>
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    </Paper>
  );
}
