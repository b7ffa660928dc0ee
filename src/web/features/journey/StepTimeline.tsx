/**
 * The step-by-step guide (SPEC section 2): each step's time, mode, agency, description,
 * duration, distance, elevation, cost and its turn-by-turn directions behind a toggle.
 */
import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Booking, Step } from '../../../contract/journey';
import {
  deadlineHeadline,
  deadlinePassed,
  opensLater,
  passedText,
  sentence,
  telHref,
  webHref,
  whenText,
} from './booking-format';
import {
  elevationText,
  instructionText,
  instructionsToggleLabel,
  stepCostText,
  type TimelineEntry,
} from './details-format';
import classes from './journey.module.css';
import { journeyLink, stageSearch } from './stage/stage-model';
import { appointmentLabel } from './return-time';
import { glyphName, StepGlyph } from './StepGlyph';

/** A step's turn-by-turn directions as an ordered list (the stage and print pages show it open). */
export function DirectionList({ step, id }: { step: Step; id?: string }) {
  return (
    <List id={id} type="ordered" size="sm" spacing={4}>
      {step.directions.map((direction, i) => (
        <List.Item key={i}>
          {instructionText(direction.html_instructions)}{' '}
          <span className={classes.muted}>({direction.distance.text})</span>
        </List.Item>
      ))}
    </List>
  );
}

function Directions({ step }: { step: Step }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (step.directions.length === 0) return null;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        {instructionsToggleLabel(open, step.directions.length)}
      </Button>
      {open && <DirectionList step={step} id={listId} />}
    </div>
  );
}

/** Duration, distance, elevation (unless not available) and cost of a step. */
export function StepFacts({ step }: { step: Step }) {
  const highest = elevationText(step.elevationHighest);
  const lowest = elevationText(step.elevationLowest);
  return (
    <dl className={classes.facts}>
      <div>
        <dt>Duration</dt>
        <dd>{step.duration.text}</dd>
      </div>
      <div>
        <dt>Distance</dt>
        <dd>{step.distance.text}</dd>
      </div>
      {highest && (
        <div>
          <dt>Highest elevation</dt>
          <dd>{highest}</dd>
        </div>
      )}
      {lowest && (
        <div>
          <dt>Lowest elevation</dt>
          <dd>{lowest}</dd>
        </div>
      )}
      <div>
        <dt>Cost</dt>
        {/* A ride another step's ticket pays for says so, so the steps add up to the total. */}
        <dd>{stepCostText(step)}</dd>
      </div>
    </dl>
  );
}

/** A step's departure time, mode, agency (linking out) and estimate badge: the card's first line. */
export function StepHeader({ step }: { step: Step }) {
  const agency = step.transit?.agency;
  return (
    // Wraps: at 390 px 'by about 10:25', the operator and 'Times estimated' do not fit one line.
    <Group gap="xs" wrap="wrap">
      {/* A service without departure times: the time is the latest it leaves by the wait to allow. */}
      <Text fw={700}>{step.transit?.frequency ? `by about ${step.departure_time}` : step.departure_time}</Text>
      <StepGlyph kind={step.type} />
      {agency &&
        (agency.url ? (
          <Anchor href={agency.url} target="_blank" rel="noopener noreferrer">
            {agency.name}
          </Anchor>
        ) : (
          <Text>{agency.name}</Text>
        ))}
      {(step.estimated || step.transit?.frequency) && (
        <Badge color="yellow" variant="light" c="dark">
          {step.transit?.frequency ? 'Times estimated' : 'Estimate'}
        </Badge>
      )}
    </Group>
  );
}

function StepCard({ step, leg, index }: { step: Step; leg: 'depart' | 'return'; index: number }) {
  return (
    <Stack gap={4}>
      <StepHeader step={step} />
      <Text>{step.description}</Text>
      <StepFacts step={step} />
      <Group gap="md" align="start">
        <Directions step={step} />
        {/* SPEC section 4: the journey page toggles to a single stage (search params, so it reloads and works offline). */}
        <Anchor
          component={Link}
          {...journeyLink(stageSearch({ leg, index }))}
          size="sm"
          className={classes.noPrint}
          aria-label={`Stage details: ${leg === 'return' ? 'return' : 'outbound'} stage ${index + 1}, ${glyphName(step.type)}`}
        >
          Stage details
        </Anchor>
      </Group>
    </Stack>
  );
}

/** A timeline card that is not a step: arriving, the appointment, home (the print view's end cards too). */
export function EndCard({ kind, time, title, detail }: { kind: string; time: string; title: string; detail: string }) {
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={700}>{time}</Text>
        <StepGlyph kind={kind} />
        <Text fw={700}>{title}</Text>
      </Group>
      <Text>{detail}</Text>
    </Stack>
  );
}

/**
 * A ride booked ahead (issue 31): a step of its own before the trip, with who to call or which
 * site to use, the deadline from the service's rules, and whether it has passed.
 */
export function BookingCard({ booking, leg, now }: { booking: Booking; leg: 'depart' | 'return'; now?: Date }) {
  const passed = deadlinePassed(booking, now);
  const site = webHref(booking.website);
  return (
    <Stack gap={4} data-testid="booking-step">
      <Group gap="xs">
        <Text fw={700}>{booking.deadline ? booking.deadline.time : 'Before you go'}</Text>
        <StepGlyph kind="book" />
        <Text fw={700}>
          Book your {leg === 'return' ? 'return' : 'outbound'} ride: {booking.service}
        </Text>
      </Group>
      <Text fw={700}>{deadlineHeadline(booking)}</Text>
      <Text size="sm">{sentence(booking.notice)}.</Text>
      {booking.how && <Text size="sm">How to book: {booking.how}</Text>}
      {booking.opens && opensLater(booking, now) && <Text size="sm">Bookings open at {whenText(booking.opens)}.</Text>}
      <Group gap="md">
        {booking.phone && <Anchor href={telHref(booking.phone)}>Call {booking.phone}</Anchor>}
        {site && (
          <Anchor href={site} target="_blank" rel="noopener noreferrer">
            Book online
          </Anchor>
        )}
        {!booking.phone && !site && <Text size="sm">Our sources give no phone number or booking site.</Text>}
      </Group>
      {passed && (
        <Alert color="red" variant="light" p="xs" role="note">
          <Text size="sm" c="red.9" fw={700}>
            {passedText(booking)}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

function Entry({ entry }: { entry: TimelineEntry }) {
  switch (entry.kind) {
    case 'book':
      return <BookingCard booking={entry.booking} leg={entry.leg} />;
    case 'step':
      return <StepCard step={entry.step} leg={entry.leg} index={entry.index} />;
    case 'arrive':
      return <EndCard kind="arrive" time={entry.time} title="Arrive at the destination" detail={entry.place} />;
    case 'appointment':
      return (
        <EndCard
          kind="appointment"
          time={entry.from}
          title="Attend Appointment"
          detail={`${appointmentLabel(entry.minutes)}, until ${entry.to}`}
        />
      );
    case 'home':
      return <EndCard kind="home" time={entry.time} title="Return Home" detail={entry.place} />;
  }
}

export function StepTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className={classes.timeline}>
      {entries.map((entry, i) => (
        <li key={i} className={classes.timelineItem}>
          {entry.kind === 'step' && entry.leg === 'return' && entry.index === 0 && (
            <Text fw={700} size="lg" mb="xs">
              Return journey
            </Text>
          )}
          <Paper withBorder p="sm" radius="md">
            <Entry entry={entry} />
          </Paper>
        </li>
      ))}
    </ol>
  );
}
