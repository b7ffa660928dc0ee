import { Button, Group, Paper, VisuallyHidden } from '@mantine/core';
import type { RecentSearchItem } from '../../../contract/saved-journeys';
import { instantLabel } from '../../components/journey-labels';
import { truncateAddress } from './lists';
import classes from './searches.module.css';
import { usePlanAgain } from './use-plan-again';

/** A recent search: From and To cut to 34 characters (the full text on hover and for screen readers), when it was made, and Plan Again. */
export function RecentCard({ item }: { item: RecentSearchItem }) {
  const planAgain = usePlanAgain();
  return (
    <Paper component="li" withBorder p="md" className={classes.card}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <dl className={`${classes.places} ${classes.grow}`}>
          <Place label="From" address={item.origin_address} />
          <Place label="To" address={item.destination_address} />
          <div>
            <dt>Searched</dt>
            <dd>
              <time dateTime={item.created_at}>{instantLabel(item.created_at)}</time>
            </dd>
          </div>
        </dl>
        <Button
          variant="outline"
          onClick={() => planAgain(item)}
          aria-label={`Plan Again from ${item.origin_address} to ${item.destination_address}`}
        >
          Plan Again
        </Button>
      </Group>
    </Paper>
  );
}

export function Place({ label, address, truncate = true }: { label: string; address: string; truncate?: boolean }) {
  const shown = truncate ? truncateAddress(address) : address;
  return (
    <div>
      <dt>{label}</dt>
      <dd title={shown === address ? undefined : address}>
        {shown === address ? (
          address
        ) : (
          <>
            <span aria-hidden="true">{shown}</span>
            <VisuallyHidden>{address}</VisuallyHidden>
          </>
        )}
      </dd>
    </div>
  );
}
