import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { SavedJourneyItem } from '../../../contract/saved-journeys';
import { costLabel, dateLabel } from '../../components/journey-labels';
import { ModeIcon } from '../../components/ModeIcon';
import { Place } from './RecentCard';
import classes from './searches.module.css';
import { usePlanAgain } from './use-plan-again';

/** The API gives leg dates as YYYY-MM-DD or YYYY/MM/DD; the label wants dashes. */
const dateText = (date: string | null) => (date ? dateLabel(date.replace(/\//g, '-')) : null);

function LegLine(props: {
  title: string;
  date: string | null;
  stages: string[];
  leave: string | null;
  time: string | null;
  arrive: string | null;
}) {
  return (
    <div className={classes.leg}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} size="sm">
          {props.title}
          {props.date ? `: ${dateText(props.date)}` : ''}
        </Text>
        {/* Own car shows as car: the icon map of SPEC section 3 (components/journey-labels). */}
        <Group gap={4} wrap="wrap">
          {props.stages.map((stage, i) => (
            <ModeIcon key={i} mode={stage} size={24} />
          ))}
        </Group>
      </Group>
      <dl className={classes.times}>
        <div>
          <dt>Leave</dt>
          <dd>{props.leave ?? '-'}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{props.time || '-'}</dd>
        </div>
        <div>
          <dt>Arrive</dt>
          <dd>{props.arrive ?? '-'}</dd>
        </div>
      </dl>
    </div>
  );
}

/** A saved journey (SPEC section 2): the whole card opens the journey with show=true; the link does the same for keyboards. */
export function SavedCard({ item }: { item: SavedJourneyItem }) {
  const navigate = useNavigate();
  const planAgain = usePlanAgain();
  const params = { hash: item.hash, journeyId: item.journey_id };
  const onCardClick = (event: MouseEvent) => {
    // Buttons and links inside the card do their own thing.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/search/$hash/results/$journeyId', params, search: { show: true } });
  };
  return (
    // The link inside is the keyboard and screen-reader way in; the click anywhere is a convenience for pointers.
    <Paper component="li" withBorder p="md" className={`${classes.card} ${classes.clickable}`} onClick={onCardClick}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" color={item.is_return ? 'grape' : 'blue'} c="dark">
              {item.is_return ? 'Return' : 'Single'}
            </Badge>
            {item.out_date && <Text size="sm">{dateText(item.out_date)}</Text>}
          </Group>
          <Text fw={700} size="lg" aria-label={`Cost ${costLabel(item.cost ?? 'unknown')}`}>
            {costLabel(item.cost ?? 'unknown')}
          </Text>
        </Group>
        <dl className={classes.places}>
          <Place label="From" address={item.origin_address} truncate={false} />
          <Place label="To" address={item.destination_address} truncate={false} />
        </dl>
        <LegLine
          title="Outbound"
          date={null}
          stages={item.stages.depart}
          leave={item.out_time}
          time={item.duration_depart.text}
          arrive={item.out_arrive_time}
        />
        {item.is_return && (
          <LegLine
            title="Return"
            date={item.return_date}
            stages={item.stages.return ?? []}
            leave={item.return_time}
            time={item.duration_return?.text ?? null}
            arrive={item.return_arrive_time}
          />
        )}
        <Group justify="space-between">
          <Anchor
            fw={600}
            renderRoot={(props) => (
              <Link {...props} to="/search/$hash/results/$journeyId" params={params} search={{ show: true }} />
            )}
          >
            View journey details
          </Anchor>
          <Button
            variant="outline"
            onClick={() => planAgain(item)}
            aria-label={`Plan Again from ${item.origin_address} to ${item.destination_address}`}
          >
            Plan Again
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
