/**
 * Home opened from a prefilled planner link (issue 31): the form filled in from the link once its
 * places are looked up, with a message for anything in the link that could not be used. The
 * traveller checks it and presses the button: the link plans nothing by itself. Its own chunk,
 * loaded only when Home's address carries a link.
 */
import { Alert, List, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useBrand } from '../../lib/brand';
import type { PlannerLinkParams } from '../../lib/planner-link';
import { providerForBrand } from './places/choose-provider';
import { prefillFromLink, type PrefillResult } from './prefill';
import { SearchForm } from './SearchForm';

export function PlannerLinkForm({ link }: { link: PlannerLinkParams }) {
  const brand = useBrand();
  const provider = useMemo(() => providerForBrand(brand), [brand]);
  const [result, setResult] = useState<PrefillResult | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    prefillFromLink(link, provider, new Date(), controller.signal).then(setResult, () => undefined);
    return () => controller.abort();
  }, [link, provider]);
  if (!result)
    return (
      <Text role="status" size="sm">
        <Loader size="xs" mr="xs" />
        Filling in your journey from the link…
      </Text>
    );
  return (
    <>
      {result.problems.length > 0 ? (
        <Alert color="red" variant="light" mb="md" title="Some of this link could not be used" role="alert">
          <List size="sm">
            {result.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Text role="status" size="sm" mb="md">
          Your journey is filled in from the link: check it, then plan it.
        </Text>
      )}
      <SearchForm initial={result.state} />
    </>
  );
}
