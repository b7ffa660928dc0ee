/**
 * Journey details (SPEC sections 2 and 4): the journey from the Results cache or the API, one
 * 'viewed' call, the summary, the Pricing / payment methods / taxi / More information
 * modals, Show/Hide return journey, the save bar and the step-by-step guide.
 */
import { isDeviceHash } from '../../lib/device-planner/device-searches';
import { Anchor, Badge, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Journey, Leg } from '../../../contract/journey';
import { ScreenHeading } from '../../components/ScreenHeading';
import { SUCCESS_TIMEOUT_MS } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { hasUserToken } from '../../lib/cookies';
import type { JourneySearch } from '../../lib/search-params';
import { estimatedTimesNote, outsideRegionNote, rolledForwardNote } from '../../components/timetable-notes';
import {
  DEFAULT_APPOINTMENT_MINUTES,
  emissionsText,
  hasPaymentMethods,
  milesText,
  priceText,
  stageModes,
  startsWithTaxi,
  timelineEntries,
  waitText,
} from './details-format';
import { Fact } from './Fact';
import { HealthNotices } from './HealthNotices';
import { HealthReturnOptions } from './HealthReturnOptions';
import classes from './journey.module.css';
import { JourneyQueryState } from './JourneyQueryState';
import { JourneyMap } from './map/JourneyMap';
import { appointmentMinutesFor } from './return-time';
import { journeyDetailsKey, useJourneyQuery, useJourneyServices } from './services';
import { DeviceSaveOffer } from './DeviceSaveOffer';
import { StageView } from './stage/StageView';
import { StepGlyph } from './StepGlyph';
import { StepTimeline } from './StepTimeline';
import { ViewingBar } from './ViewingBar';

/** What the app's trip tools (share, calendar, reminders: other features) get to work with. */
export interface JourneyToolsContext {
  journey: Journey;
  hash: string;
  journeyId: string;
  /** Planned on this device (issue 20): the server does not know it. */
  onDevice: boolean;
  journeyType?: 'depart' | 'return';
  /** The health brand's appointment length (its Attend Appointment step), else null. */
  appointmentMinutes: number | null;
}

export interface JourneyScreenProps {
  hash: string;
  journeyId: string;
  search: JourneySearch;
  /** The trip tools the app composes in (a feature does not import another): shown under the summary. */
  tools?: (context: JourneyToolsContext) => ReactNode;
}

function LegSummary({
  title,
  leg,
  from,
  to,
  showDistance,
}: {
  title: string;
  leg: Leg;
  from: string;
  to: string;
  showDistance: boolean;
}) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {stageModes(leg).map((mode, i) => (
          <StepGlyph key={i} kind={mode} />
        ))}
        {leg.estimated && (
          <Badge color="yellow" variant="light" c="dark">
            Estimated
          </Badge>
        )}
      </Group>
      <dl className={classes.facts}>
        <Fact label="From">{from}</Fact>
        <Fact label="To">{to}</Fact>
        <Fact label="Depart at">{leg.departure_at}</Fact>
        <Fact label="Arrive at">{leg.arrival_at}</Fact>
        <Fact label="Journey time">{leg.duration.text}</Fact>
        <Fact label="Wait time">{waitText(leg.wait_time)}</Fact>
        <Fact label="Walking distance">{milesText(leg.walking_distance.value)}</Fact>
        {showDistance && <Fact label="Distance">{leg.distance.text}</Fact>}
        <Fact label="Toilets near route">{leg.destination_toilets.count}</Fact>
        {/* SPEC: gradient and traffic are fixed texts; we hold no traffic data. */}
        <Fact label="Gradient">See each step's elevation</Fact>
        <Fact label="Estimated traffic">No traffic data</Fact>
      </dl>
      {leg.time_gap && (
        <Text size="sm" fw={700}>
          {leg.time_gap.text}.
        </Text>
      )}
    </Stack>
  );
}

/** A button that opens its modal: the screen's four information dialogs share this shape. */
function ModalButton({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
        {children}
      </Modal>
    </>
  );
}

function PricingModal({ journey }: { journey: Journey }) {
  return (
    <ModalButton label="Pricing Breakdown" title="Pricing Breakdown">
      {journey.pricing_breakdown.length === 0 ? (
        <Text>No prices are known for this journey.</Text>
      ) : (
        <dl className={classes.facts}>
          {journey.pricing_breakdown.map((item, i) => (
            <Fact key={i} label={item.description}>
              {priceText(item.cost)}
              {item.estimated !== undefined && (
                <Text component="span" size="xs" className={classes.priceKind}>
                  {' '}
                  {item.estimated ? 'Estimate' : 'Published fare'}
                  {item.source && (
                    <>
                      {' - '}
                      <Anchor href={item.source.url} target="_blank" rel="noopener noreferrer" size="xs">
                        source
                      </Anchor>
                      {` (${item.source.date})`}
                    </>
                  )}
                </Text>
              )}
            </Fact>
          ))}
        </dl>
      )}
    </ModalButton>
  );
}

function PaymentMethodsModal({ journey }: { journey: Journey }) {
  return (
    <ModalButton label="Accepted payment methods" title="Accepted payment methods">
      <Stack>
        {journey.payment_methods_breakdown.map((agency, i) => (
          <div key={i}>
            <Text fw={700}>{agency.agency_name}</Text>
            <List>
              {agency.methods.map((method) => (
                <List.Item key={method}>{method}</List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </ModalButton>
  );
}

function TaxiModal({ leg }: { leg: Leg }) {
  const ranks = leg.taxi_ranks ?? [];
  return (
    <ModalButton label="Find local taxi operators" title="Local taxi operators">
      {leg.taxis.length === 0 ? (
        <Text>There are no local taxi operators.</Text>
      ) : (
        <List>
          {leg.taxis.map((taxi) => (
            <List.Item key={`${taxi.name} ${taxi.phone}`}>
              {taxi.name}: <Anchor href={`tel:${taxi.phone.replace(/\s+/g, '')}`}>{taxi.phone}</Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {ranks.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md">
            Taxi ranks near where the taxi starts
          </Title>
          <List>
            {ranks.map((rank) => (
              <List.Item key={`${rank.name} ${rank.lat} ${rank.lng}`}>
                {rank.name}
                {rank.address ? `, ${rank.address}` : ''} ({milesText(rank.distance)} away)
              </List.Item>
            ))}
          </List>
        </>
      )}
    </ModalButton>
  );
}

function DrtModal({ operator }: { operator: NonNullable<Journey['drt_operator']> }) {
  return (
    <ModalButton label="More information" title={operator.name}>
      <Stack gap="xs">
        {operator.booking_website && (
          <Anchor href={operator.booking_website} target="_blank" rel="noopener noreferrer">
            Book on the operator's website
          </Anchor>
        )}
        {operator.phone && <Anchor href={`tel:${operator.phone.replace(/\s+/g, '')}`}>Call {operator.phone}</Anchor>}
        {!operator.booking_website && !operator.phone && <Text>The operator has published no booking details.</Text>}
      </Stack>
    </ModalButton>
  );
}

function SaveBar({ hash, journey, onSaved }: { hash?: string; journey: Journey; onSaved: () => void }) {
  const brand = useBrand();
  // Planned on the device with no signal (issue 20): the server does not know it, so it cannot be saved as it is.
  const onDevice = hash !== undefined && isDeviceHash(hash);
  const services = useJourneyServices();
  // brand.enableUserAccounts, not contract/brand's helper: that module brings zod into this chunk.
  const signedIn = brand.enableUserAccounts && hasUserToken();
  const save = useMutation({
    mutationFn: () => services.saveJourney(journey.id),
    onSuccess: onSaved,
  });
  const saved = journey.user_status === 'saved';
  // SPEC sections 4 and 9: success messages vanish after 10 seconds (the button keeps saying 'Journey Saved').
  const { isSuccess: justSaved, reset } = save;
  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(reset, SUCCESS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [justSaved, reset]);
  return (
    <Paper className={classes.saveBar} p="sm" mt="lg">
      <Group justify="space-between">
        <Group gap="lg">
          <Text>
            Total emissions: <strong>{emissionsText(journey.carbon_emission)}</strong>
          </Text>
          <Text>
            Total estimated cost: <strong>{priceText(journey.cost)}</strong>
          </Text>
        </Group>
        {onDevice ? (
          brand.enableUserAccounts && <DeviceSaveOffer hash={hash} />
        ) : signedIn ? (
          <Group gap="xs">
            {save.isSuccess && <Text role="status">Journey saved</Text>}
            <Button disabled={saved} loading={save.isPending} onClick={() => save.mutate()} className={classes.noPrint}>
              {saved ? 'Journey Saved' : 'Save Journey'}
            </Button>
          </Group>
        ) : (
          brand.enableUserAccounts && (
            <Button component={Link} to="/register" className={classes.noPrint}>
              Create account to save journey
            </Button>
          )
        )}
      </Group>
    </Paper>
  );
}

export function JourneyDetails({
  hash,
  journey,
  search,
  onSaved,
  tools,
}: {
  hash?: string;
  journey: Journey;
  search: JourneySearch;
  onSaved: () => void;
  tools?: JourneyScreenProps['tools'];
}) {
  const brand = useBrand();
  const [showReturn, setShowReturn] = useState(search.journeyType === 'return');
  // Health brand: the appointment length chosen for this search (1 hour unless changed).
  const [appointmentMinutes, setAppointmentMinutes] = useState(() =>
    hash ? appointmentMinutesFor(hash) : DEFAULT_APPOINTMENT_MINUTES,
  );
  const entries = useMemo(
    () => timelineEntries(journey, { appointment: brand.health.appointmentStep, appointmentMinutes }),
    [journey, brand, appointmentMinutes],
  );
  const timetableNote = rolledForwardNote(journey);
  const outsideNote = outsideRegionNote(journey);
  const timesNote = estimatedTimesNote(journey);
  const activeModes = journey.transport_mode === 'walk' || journey.transport_mode === 'cycle';
  return (
    <Stack gap="lg">
      <section id="journey-details" tabIndex={-1} className={classes.section} aria-labelledby="journey-details-title">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} id="journey-details-title">
              Journey Details
            </Title>
            {journey.estimated && (
              <Badge color="yellow" variant="light" c="dark">
                Includes estimated legs
              </Badge>
            )}
          </Group>
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <dl className={classes.facts}>
                <Fact label="Price">{priceText(journey.cost)}</Fact>
                <Fact label="Duration">{journey.duration.text}</Fact>
                <Fact label="Emissions">{emissionsText(journey.carbon_emission)}</Fact>
                <Fact label="Wait time">{waitText(journey.total_wait_time)}</Fact>
                <Fact label="Walking distance">{milesText(journey.total_walking_distance)}</Fact>
                {journey.return && <Fact label="Estimated return time">{journey.return.departure_at}</Fact>}
                {brand.health.appointmentStep && journey.return && (
                  <Fact label="Departure from hospital">{journey.return.departure_at}</Fact>
                )}
                <Fact label="Total estimated cost">{priceText(journey.cost)}</Fact>
              </dl>
              {journey.eligibility && (
                <Text size="sm" fw={700}>
                  Only for {journey.eligibility}.
                </Text>
              )}
              {journey.return_unavailable && (
                <Text size="sm" fw={700}>
                  {journey.return_unavailable}
                </Text>
              )}
              <LegSummary
                title="Outbound"
                leg={journey.depart}
                from={journey.origin.label}
                to={journey.destination.label}
                showDistance={activeModes}
              />
              {journey.return && (
                <>
                  <Anchor
                    component="button"
                    type="button"
                    aria-expanded={showReturn}
                    onClick={() => setShowReturn((was) => !was)}
                    className={classes.noPrint}
                  >
                    {showReturn ? 'Hide return journey' : 'Show return journey'}
                  </Anchor>
                  {showReturn && (
                    <LegSummary
                      title="Return"
                      leg={journey.return}
                      from={journey.destination.label}
                      to={journey.origin.label}
                      showDistance={activeModes}
                    />
                  )}
                </>
              )}
            </Stack>
          </Paper>
          {timesNote && (
            <Text size="sm" fw={700}>
              {timesNote}
            </Text>
          )}
          {timetableNote && <Text size="sm">{timetableNote}</Text>}
          {outsideNote && <Text size="sm">{outsideNote}</Text>}
          {hash && (brand.health.appointmentStep || brand.health.alternativeReturn) && (
            <HealthReturnOptions
              hash={hash}
              journey={journey}
              appointmentMinutes={appointmentMinutes}
              onAppointmentMinutesChange={setAppointmentMinutes}
            />
          )}
          <Group gap="sm" className={classes.noPrint}>
            <PricingModal journey={journey} />
            {hasPaymentMethods(journey) && <PaymentMethodsModal journey={journey} />}
            {startsWithTaxi(journey.depart) && <TaxiModal leg={journey.depart} />}
            {journey.drt_operator && <DrtModal operator={journey.drt_operator} />}
          </Group>
          {tools && hash && (
            <Group gap="sm" className={classes.noPrint} data-testid="trip-tools">
              {tools({
                journey,
                hash,
                journeyId: journey.id,
                onDevice: isDeviceHash(hash),
                ...(search.journeyType ? { journeyType: search.journeyType } : {}),
                appointmentMinutes: brand.health.appointmentStep ? appointmentMinutes : null,
              })}
            </Group>
          )}
        </Stack>
      </section>
      <JourneyMap journey={journey} initialLeg={search.journeyType} />
      <section id="step-by-step" tabIndex={-1} className={classes.section} aria-labelledby="step-by-step-title">
        <Title order={2} id="step-by-step-title" mb="sm">
          Step by step guide
        </Title>
        {brand.health.safetyNotices && <HealthNotices />}
        <StepTimeline entries={entries} />
      </section>
      <SaveBar hash={hash} journey={journey} onSaved={onSaved} />
    </Stack>
  );
}

export function JourneyScreen({ hash, journeyId, search, tools }: JourneyScreenProps) {
  const services = useJourneyServices();
  const client = useQueryClient();
  const key = journeyDetailsKey(hash, journeyId);
  // A journey the Results stream already fetched is in the cache under the same key: current at
  // once, unless the show flag asks for the fetched one (SPEC section 4).
  const query = useJourneyQuery(hash, journeyId, { show: search.show === true });
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === journeyId) return;
    viewed.current = journeyId;
    if (isDeviceHash(hash)) return;
    // SPEC section 8: a failed call shows nothing to the user.
    services.markViewed(journeyId).catch(() => undefined);
  }, [hash, journeyId, services]);
  const onSaved = () => client.setQueryData<Journey>(key, (was) => (was ? { ...was, user_status: 'saved' } : was));

  return (
    <>
      <ScreenHeading title={search.stage ? 'Stage details' : 'Journey details'} />
      {/* Keyed on the read's success: the bar observes the sections, which exist once the journey is in. */}
      {!search.stage && <ViewingBar key={query.isSuccess ? 'shown' : 'loading'} />}
      <JourneyQueryState query={query} deferred={!search.stage}>
        {(journey) =>
          search.stage ? (
            <StageView journey={journey} search={search} />
          ) : (
            <JourneyDetails hash={hash} journey={journey} search={search} onSaved={onSaved} tools={tools} />
          )
        }
      </JourneyQueryState>
    </>
  );
}
