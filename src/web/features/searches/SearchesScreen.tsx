/**
 * Searches (SPEC section 2, signed-in only): Recent (default) and Saved, each a list of
 * cards paginated 10 a page with Prev/Next. Which list and page are in the URL, so Back
 * and a reload return to the same page.
 */
import { Alert, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useOnline } from '../../lib/online-status';
import { useSignedIn } from '../../lib/use-signed-in';
import { useSearchList, type ListItem, type SearchList } from './lists';
import { Pager } from './Pager';
import { RecentCard } from './RecentCard';
import { SavedCard } from './SavedCard';
import classes from './searches.module.css';
import type { SearchesView } from './view';

export const SEARCHES_TEXT = {
  recent: {
    lead: 'Select a journey to plan again',
    empty: 'There are no recent searches',
    pager: 'Recent searches pages',
    offlineMissing: 'Your recent searches need the network: they have not been loaded on this device yet.',
    offlineNeeds: 'Planning again and other pages of the list need the network.',
  },
  saved: {
    lead: 'Select a journey to view details',
    empty: 'There are no saved journeys',
    pager: 'Saved journeys pages',
    offlineMissing: 'Your saved journeys need the network: they have not been loaded on this device yet.',
    offlineNeeds: 'Journeys you opened before open offline; other pages of the list need the network.',
  },
} as const;

export { parseSearchesView, type SearchesView } from './view';

export function SearchesScreen({
  view,
  onViewChange,
}: {
  view: SearchesView;
  onViewChange: (view: SearchesView) => void;
}) {
  useSignedIn();
  const list = view.list ?? 'recent';
  return (
    <>
      <ScreenHeading title="My journeys" />
      <Stack gap="md">
        <SegmentedControl
          aria-label="Show recent searches or saved journeys"
          value={list}
          onChange={(value) => onViewChange({ list: value as SearchList })}
          data={[
            { value: 'recent', label: 'Recent' },
            { value: 'saved', label: 'Saved' },
          ]}
          maw={320}
        />
        {list === 'recent' ? (
          <ListPanel
            key="recent"
            list="recent"
            page={view.page ?? 1}
            onPage={(page) => onViewChange({ list, page })}
            card={(item) => <RecentCard key={`${item.hash}-${item.created_at}`} item={item} />}
          />
        ) : (
          <ListPanel
            key="saved"
            list="saved"
            page={view.page ?? 1}
            onPage={(page) => onViewChange({ list, page })}
            card={(item) => <SavedCard key={item.journey_id} item={item} />}
          />
        )}
      </Stack>
    </>
  );
}

function ListPanel<L extends SearchList>(props: {
  list: L;
  page: number;
  onPage: (page: number) => void;
  card: (item: ListItem<L>) => ReactNode;
}) {
  const { list, page, onPage, card } = props;
  const query = useSearchList(list, page);
  const online = useOnline();
  const text = SEARCHES_TEXT[list];
  if (query.isPending && !online) {
    // Offline, and this page was never loaded on this device: say so rather than spin for ever.
    return (
      <Alert color="gray" role="status">
        You are offline. {text.offlineMissing} They will show here when you are back online.
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading your journeys</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        Your journeys could not be loaded. Check your connection and try again.
      </Alert>
    );
  }
  const { data, meta } = query.data;
  if (data.length === 0 && meta.total === 0) return <Text>{text.empty}</Text>;
  return (
    <section aria-label={list === 'recent' ? 'Recent searches' : 'Saved journeys'} aria-busy={query.isPlaceholderData}>
      {!online && (
        <Text mb="sm" fw={600}>
          You are offline: this is the list as it was last loaded on this device. {text.offlineNeeds}
        </Text>
      )}
      <Text mb="sm">{text.lead}</Text>
      <ul className={classes.list}>{data.map(card)}</ul>
      <Pager meta={meta} label={text.pager} onPage={onPage} />
    </section>
  );
}
