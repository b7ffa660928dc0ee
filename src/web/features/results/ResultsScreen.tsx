/**
 * Results (SPEC section 2): the streamed journeys of one search as cards, with 'Showing' (stage
 * filter) and 'Sort by' kept in the URL, the loading panel, skeleton placeholders and the empty
 * state. The route passes the URL's search params in and takes changes back.
 */
import {
  Button,
  Group,
  List,
  Loader,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_SORT, isOneOf, SORT_OPTIONS, type SortOption } from '../../../vocabulary/index';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useBrand } from '../../lib/brand';
import { useOnline } from '../../lib/online-status';
import type { ResultsSearch } from '../../lib/search-params';
import type { StreamState } from './stream-state';
import { clockLabel, modeName, wallDateLabel } from '../../components/journey-labels';
import { JourneyCard, PlaceholderCard } from './JourneyCard';
import { OfflineResults } from './OfflineResults';
import { AdvertBanner } from './AdvertBanner';
import classes from './results.module.css';
import { useResultsServices } from './services';
import {
  availableStages,
  emissionBadge,
  emissionExtremes,
  filterResults,
  formatFilters,
  parseFilters,
  sortResults,
  splitLaterOptions,
  type ResultItem,
  type StageSelection,
} from './sort-filter';
import { isDone, placeholderCount, resultItems } from './stream-state';
import { useResultsStream } from './use-results-stream';
import { isDeviceHash } from '../../lib/device-planner/device-searches';
import { parseSearchTime } from '../../../vocabulary/time';
import { missingStopsNote } from '../../components/timetable-notes';

/** The multi-select 'Showing' of brands with enableMultipleJourneyTypeFilter, loaded only there. */
const StageMultiSelect = lazy(() => import('./StageMultiSelect'));
/** The sidebars, loaded when one is first opened (fetched as soon as its button is pointed at or focused). */
const loadSideDrawer = () => import('./SideDrawer');
const SideDrawer = lazy(loadSideDrawer);
const prefetchSideDrawer = { onPointerEnter: () => void loadSideDrawer(), onFocus: () => void loadSideDrawer() };

export const SORT_LABELS: Record<SortOption, string> = {
  emissions: 'Emissions',
  cost: 'Cost',
  'depature-time': 'Departure time',
  'travel-time': 'Travel time',
  'arrival-time': 'Arrival time',
  'wait-time': 'Wait time',
  'walk-distance': 'Walking distance',
  'least-changes': 'Least changes',
};

export const EMPTY_SUGGESTIONS = [
  'Amend your origin or destination.',
  'Update your dates and times.',
  'Update your filters.',
] as const;

/** 'YYYY/MM/DD HH:mm:ss' (the search form's London time) as 'Tue 24 Nov 2026 08:00'. */
function formTimeLabel(text: string | null | undefined): string | null {
  const wall = text ? parseSearchTime(text) : null;
  return wall ? `${wallDateLabel(wall)} ${clockLabel(wall)}` : null;
}

/** The search being shown, once read: what the summary bar and the Edit journey form need. */
export type ShownSearch = NonNullable<StreamState['query']>;

export interface ResultsScreenProps {
  hash: string;
  search: ResultsSearch;
  onSearchChange(next: ResultsSearch): void;
  /**
   * The 'Edit journey' form (the app passes the search feature's form: features do not import
   * each other). `close` shuts the sidebar once the new search is posted.
   */
  editJourney?(query: ShownSearch, close: () => void): ReactNode;
}

/** A sidebar's state: drawn from its first opening on (so it can animate closed and give focus back). */
function useSidebar() {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = useCallback(() => {
    setUsed(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { opened, used, open, close };
}

export function ResultsScreen({ hash, search, onSearchChange, editJourney }: ResultsScreenProps) {
  const brand = useBrand();
  const services = useResultsServices();
  // A search planned on this device (issue 20) is read from the device: it never waits for the network.
  const online = useOnline() || isDeviceHash(hash);
  const state = useResultsStream(hash, services, online);
  const multiple = brand.enableMultipleJourneyTypeFilter;
  const refine = useSidebar();
  const edit = useSidebar();
  const stages = useMemo(
    () => availableStages(brand.blockedTravelTypes, brand.region.travelTypes),
    [brand.blockedTravelTypes, brand.region.travelTypes],
  );
  const selection = parseFilters(search.filters, stages, multiple);
  const sort = search.sort ?? DEFAULT_SORT;

  const done = isDone(state);
  const items = resultItems(state);
  const shown = sortResults(filterResults(items, selection), sort, brand.firstTravelTypes);
  const shownJourneys = shown.flatMap((item) => (item.kind === 'journey' ? [item.journey] : []));
  const groups = splitLaterOptions(shown);
  const extremes = emissionExtremes(shownJourneys);
  const missingNote = missingStopsNote(shownJourneys);
  const waiting = placeholderCount(state);

  const resultRow = (item: ResultItem, position: number) =>
    item.kind === 'journey' ? (
      <li key={item.journey.id}>
        <JourneyCard
          hash={hash}
          journey={item.journey}
          position={position}
          emissions={emissionBadge(extremes, item.journey)}
        />
      </li>
    ) : (
      <li key={item.key}>
        <PlaceholderCard />
      </li>
    );

  const setSelection = (next: StageSelection) => onSearchChange({ ...search, filters: formatFilters(next) });
  const stageOptions = stages.map((stage) => ({ value: stage, label: modeName(stage) }));

  const announcement =
    !done && !online
      ? 'You are offline: the results of this search need the network.'
      : state.failure
        ? 'The search could not be completed.'
        : !done
          ? state.expected === null
            ? 'Gathering your results.'
            : `${state.journeys.length} of ${state.expected} journeys loaded.`
          : shownJourneys.length === 0
            ? 'No search results.'
            : `${shownJourneys.length} ${shownJourneys.length === 1 ? 'journey' : 'journeys'} found, sorted by ${SORT_LABELS[sort].toLowerCase()}.`;

  // The same selects inline on wide screens and in the 'Refine results' sidebar on narrow ones.
  // Native selects: the phone's own picker, and no combobox script on the page.
  const controls = (
    <>
      {multiple ? (
        <Suspense fallback={<NativeSelect label="Showing" data={['Loading…']} disabled />}>
          <StageMultiSelect
            options={stageOptions}
            value={selection.kind === 'stages' ? selection.stages : []}
            onChange={(chosen) => setSelection({ kind: 'stages', stages: chosen })}
          />
        </Suspense>
      ) : (
        <NativeSelect
          label="Showing"
          data={[{ value: 'all', label: 'All' }, { value: 'none', label: 'None' }, ...stageOptions]}
          value={selection.kind === 'stages' ? selection.stages[0]! : selection.kind}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const stage = stages.find((type) => type === value);
            setSelection(
              value === 'none' ? { kind: 'none' } : stage ? { kind: 'stages', stages: [stage] } : { kind: 'all' },
            );
          }}
        />
      )}
      <NativeSelect
        label="Sort by"
        data={SORT_OPTIONS.map((option) => ({ value: option, label: SORT_LABELS[option] }))}
        value={sort}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onSearchChange({
            ...search,
            sort: isOneOf(SORT_OPTIONS, value) && value !== DEFAULT_SORT ? value : undefined,
          });
        }}
      />
    </>
  );

  const leaving = formTimeLabel(state.query?.out_time);
  const returning = formTimeLabel(state.query?.return_time);

  return (
    <>
      <ScreenHeading title="Journey results" />
      {/* The bar keeps its place while the search is read, so nothing below it moves when it fills. */}
      <Paper
        withBorder
        p="sm"
        mb="md"
        component="section"
        aria-label="Your search"
        aria-busy={!state.query}
        className={classes.summary}
      >
        {state.query ? (
          <div>
            <Text>
              <strong>{state.query.origin_address}</strong> to <strong>{state.query.destination_address}</strong>
            </Text>
            {leaving && (
              <Text size="sm">
                Leaving {leaving}
                {returning ? `, returning ${returning}` : ' (single)'}
              </Text>
            )}
          </div>
        ) : (
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={18} width="60%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        )}
        {editJourney && (
          <Button
            variant="outline"
            onClick={edit.open}
            {...prefetchSideDrawer}
            aria-haspopup="dialog"
            disabled={!state.query}
          >
            Edit journey
          </Button>
        )}
      </Paper>
      {editJourney && state.query && edit.used && (
        <Suspense fallback={null}>
          <SideDrawer opened={edit.opened} onClose={edit.close} title="Edit journey" position="left" size={460}>
            {editJourney(state.query, edit.close)}
          </SideDrawer>
        </Suspense>
      )}

      <div className={classes.controls}>{controls}</div>
      <div className={classes.refine}>
        <Button variant="outline" onClick={refine.open} {...prefetchSideDrawer} aria-haspopup="dialog">
          Refine results
        </Button>
      </div>
      {refine.used && (
        <Suspense fallback={null}>
          <SideDrawer opened={refine.opened} onClose={refine.close} title="Refine results" position="right" size={420}>
            <Stack gap="md">{controls}</Stack>
          </SideDrawer>
        </Suspense>
      )}

      {brand.advertBanner && <AdvertBanner banner={brand.advertBanner} />}

      {/* At least a screen tall while results stream in, so the footer is not pushed down the
          screen as cards arrive (Lighthouse counted that as layout shift). */}
      <div className={classes.stream}>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </VisuallyHidden>

        {!done && !online && <OfflineResults hash={hash} listKept={shown.length === 0} />}

        {!done && online && (
          <Paper withBorder p="md" my="md" component="section" aria-labelledby="gathering-heading">
            <Group gap="md" wrap="nowrap">
              <Loader size="sm" aria-hidden="true" />
              <div>
                <Title order={2} size="h4" id="gathering-heading">
                  Gathering your results
                </Title>
                <Text>this may take a few seconds</Text>
              </div>
            </Group>
          </Paper>
        )}

        {state.failure && (
          <Paper withBorder p="md" my="md" role="alert">
            <Title order={2} size="h4">
              We could not plan this journey
            </Title>
            <Text>{state.failure}</Text>
          </Paper>
        )}

        {done && !state.failure && shownJourneys.length === 0 && (
          <Paper withBorder p="md" my="md" component="section" aria-labelledby="empty-heading">
            <Title order={2} size="h4" id="empty-heading">
              No search results
            </Title>
            <Text>Your search returned no results.</Text>
            <Text mt="xs">You could:</Text>
            <List>
              {EMPTY_SUGGESTIONS.map((suggestion) => (
                <List.Item key={suggestion}>{suggestion}</List.Item>
              ))}
            </List>
          </Paper>
        )}

        {done && missingNote && (
          <Paper withBorder p="md" my="md" component="section" aria-labelledby="missing-stops-heading">
            <Title order={2} size="h4" id="missing-stops-heading">
              No public transport data here
            </Title>
            <Text>{missingNote}</Text>
          </Paper>
        )}

        {groups.near.length > 0 && (
          <ol className={classes.list} aria-label="Journey options" aria-busy={waiting > 0}>
            {groups.near.map((item, index) => resultRow(item, index + 1))}
          </ol>
        )}
        {groups.later.length > 0 && (
          <section aria-labelledby="later-options-heading">
            <Title order={2} size="h4" id="later-options-heading" mt="md">
              Later options
            </Title>
            <Text size="sm" mb="xs">
              Nothing by public transport leaves near the time you asked; these leave hours later.
            </Text>
            <ol className={classes.list} aria-label="Later options" start={groups.near.length + 1}>
              {groups.later.map((item, index) => resultRow(item, groups.near.length + index + 1))}
            </ol>
          </section>
        )}
      </div>
    </>
  );
}
