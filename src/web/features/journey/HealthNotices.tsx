/**
 * The health brand variant's notices (SPEC section 2, brand flag health.safetyNotices): where
 * the toilet information comes from, and care on the walking parts of the trip.
 */
import { Alert, Stack } from '@mantine/core';

export const TOILET_DATA_NOTICE =
  'Toilet information comes from public open data and may be out of date. Opening times and facilities can change: check before you rely on them.';
export const WALKING_SAFETY_NOTICE =
  'Walking routes are suggestions from map data and have not been checked on foot. Take care, use pavements and crossings where there are any, and allow extra time in the dark or in bad weather.';

export function HealthNotices() {
  return (
    <Stack gap="xs">
      <Alert color="blue" title="About toilet information">
        {TOILET_DATA_NOTICE}
      </Alert>
      <Alert color="blue" title="Walking safely">
        {WALKING_SAFETY_NOTICE}
      </Alert>
    </Stack>
  );
}
