import { Button, Group, Text } from '@mantine/core';
import type { PageMeta } from '../../../contract/paging';

/** Prev / Next under a list (SPEC section 2), with where we are; nothing when everything fits on one page. */
export function Pager({ meta, label, onPage }: { meta: PageMeta; label: string; onPage: (page: number) => void }) {
  if (meta.last_page <= 1) return null;
  const page = Math.min(meta.current_page, meta.last_page);
  return (
    <Group component="nav" aria-label={label} justify="space-between" mt="md">
      <Button variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </Button>
      <Text size="sm" aria-live="polite">
        Page {page} of {meta.last_page}
      </Text>
      <Button variant="default" disabled={page >= meta.last_page} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
