/**
 * The stage page (SPEC section 2): '< Back to journey details', the stage's map, 'Step
 * description', the 'Travel guide' statements with the operator link (behind 'Are you sure?')
 * and the timetable, then 'View previous stage' / 'View next stage'. The Journey route shows it
 * instead of the overview when the URL names a stage (?stage=N[&journeyType=return]).
 */
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Journey } from '../../../../contract/journey';
import { reachedByNavigation } from '../../../components/screen-arrival';
import type { JourneySearch } from '../../../lib/search-params';
import classes from '../journey.module.css';
import { LazyMap } from '../map/LazyMap';
import { LEG_LABELS, pathBounds, ROUTE_COLOURS } from '../map/map-model';
import { useStepLines } from '../map/use-step-lines';
import { glyphName } from '../StepGlyph';
import { DirectionList, StepFacts, StepHeader } from '../StepTimeline';
import { OperatorLink } from './OperatorLink';
import { findStage, journeyLink, operatorLink, rideStops, stageSearch, type StageRef } from './stage-model';
import stageClasses from './stage.module.css';
import { TimetableModal } from './TimetableModal';

function StageButton({ to, label }: { to: StageRef | null; label: string }) {
  if (!to) {
    return (
      <Button variant="default" disabled>
        {label}
      </Button>
    );
  }
  return (
    <Button component={Link} variant="outline" {...journeyLink(stageSearch(to))}>
      {label}
    </Button>
  );
}

export function StageView({ journey, search }: { journey: Journey; search: JourneySearch }) {
  const stage = useMemo(() => findStage(journey, search), [journey, search]);
  const heading = useRef<HTMLHeadingElement>(null);
  const descriptionId = useId();
  const back = journeyLink(stage?.leg === 'return' ? { journeyType: 'return' } : {});
  const steps = useMemo(() => (stage ? [stage.step] : []), [stage]);
  const line = useStepLines(steps);
  const bounds = useMemo(() => pathBounds(line.flatMap((l) => l.points)), [line]);

  // Moving between stages keeps the path: start each stage at its top, its heading focused. Not
  // when the stage is the page's first screen (a shared link): it is at its top already and focus
  // stays for the skip link (components/screen-arrival); there the scroll and focus forced a
  // layout of ~60 ms (4x CPU) before the largest paint (issue 32).
  const moved = useRef(reachedByNavigation());
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, [stage?.leg, stage?.index]);

  if (!stage) {
    return (
      <Stack>
        <Text role="alert">This journey has no such stage.</Text>
        <Anchor component={Link} {...back}>
          &lt; Back to journey details
        </Anchor>
      </Stack>
    );
  }
  const { step } = stage;
  const link = operatorLink(step);
  const stops = rideStops(step);
  const estimatedTimes = step.transit?.frequency;
  const statements = step.how_to_guide?.service.statements ?? [];
  return (
    <Stack gap="lg">
      <Anchor component={Link} {...back} className={classes.noPrint}>
        &lt; Back to journey details
      </Anchor>
      <div>
        <Text c="dimmed" size="sm">
          {LEG_LABELS[stage.leg]} journey
        </Text>
        <Title order={2} ref={heading} tabIndex={-1} className={stageClasses.heading}>
          Stage {stage.position} of {stage.total}: {glyphName(step.type)}
        </Title>
      </div>
      <Stack gap="xs">
        {/* At the top of the page: the route's picture until asked for, or the page has long loaded. */}
        <LazyMap
          whenNear={false}
          label={`Map of stage ${stage.position}: ${step.description}`}
          describedBy={descriptionId}
          colour={ROUTE_COLOURS[stage.leg]}
          lines={line}
          bounds={bounds}
          start={{ at: [step.start_location.lng, step.start_location.lat], label: stage.startLabel }}
          end={{ at: [step.end_location.lng, step.end_location.lat], label: step.end_address }}
        />
        <Text id={descriptionId} size="sm">
          The map shows this stage from {stage.startLabel} to {step.end_address}.
          {step.estimated ? ' It is an estimate drawn as a straight line: there is no street map for this area.' : ''}
        </Text>
      </Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="step-description-title">
        <Stack gap="sm">
          <Title order={3} id="step-description-title">
            Step description
          </Title>
          <StepHeader step={step} />
          <Text>{step.description}</Text>
          <Text size="sm">
            {estimatedTimes
              ? `Times estimated: leaves by about ${step.departure_time}, arrives about ${step.arrival_time}. Departure times are not in our data; it runs about ${estimatedTimes.first}-${estimatedTimes.last} from this stop.`
              : `Departs ${step.departure_time}, arrives ${step.arrival_time}.`}
          </Text>
          <StepFacts step={step} />
          {stops.length > 0 && (
            <section aria-labelledby="ride-stops-title">
              <Title order={4} id="ride-stops-title" size="h5">
                Stops on this ride
              </Title>
              <List type="ordered" size="sm">
                {stops.map((stop, i) => (
                  <List.Item key={`${stop.code}-${i}`}>
                    {stop.name}{' '}
                    <Text span c="dimmed" size="sm">
                      (stop {stop.code})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </section>
          )}
          {step.directions.length > 0 ? (
            <DirectionList step={step} />
          ) : (
            step.estimated && (
              <Text size="sm">
                No turn-by-turn directions: this area has no street map, so this stage is estimated.
              </Text>
            )
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="travel-guide-title">
        <Stack gap="sm">
          <Title order={3} id="travel-guide-title">
            Travel guide
          </Title>
          {statements.length === 0 ? (
            <Text>There is no travel guide for this stage.</Text>
          ) : (
            <>
              {step.how_to_guide && <Text fw={700}>{step.how_to_guide.service.name}</Text>}
              <List>
                {statements.map((statement, i) => (
                  <List.Item key={i}>{statement.body}</List.Item>
                ))}
              </List>
            </>
          )}
          <Group gap="sm" className={classes.noPrint}>
            {link && <OperatorLink name={link.name} url={link.url} />}
            {step.timetable ? (
              <TimetableModal timetable={step.timetable} step={step} />
            ) : (
              step.transit && <Text size="sm">No timetable is published for this stage.</Text>
            )}
          </Group>
        </Stack>
      </Paper>
      <Group justify="space-between" className={`${stageClasses.navigation} ${classes.noPrint}`}>
        <StageButton to={stage.previous} label="View previous stage" />
        <StageButton to={stage.next} label="View next stage" />
      </Group>
    </Stack>
  );
}
