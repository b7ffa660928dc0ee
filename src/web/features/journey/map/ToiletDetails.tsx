/**
 * A toilet's info window (SPEC section 3, Toilet marker): name, opening times per weekday,
 * accessible, all-gender, men, women, baby change, payment and notes. Shown in the map's
 * popup and in the list under the map (the same facts without a pointer).
 */
import { Table, Text, Title } from '@mantine/core';
import type { ToiletMarker } from '../../../../contract/journey';
import { openingTimeRows, toiletFacts } from './map-model';

/** Label/value rows, the label a row header for screen readers. */
function Rows({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing="xs" fz="sm">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400} pl={0}>
              {row.label}
            </Table.Th>
            <Table.Td>{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ToiletDetails({ toilet, headingLevel = 3 }: { toilet: ToiletMarker; headingLevel?: 3 | 4 }) {
  const hours = openingTimeRows(toilet.openingTimes);
  return (
    <div>
      <Title order={headingLevel} size="h5" mb={4}>
        {toilet.name}
      </Title>
      <Text size="sm" fw={700}>
        Opening times
      </Text>
      {hours.length === 0 ? (
        <Text size="sm">Not known</Text>
      ) : (
        <Rows rows={hours.map((row) => ({ label: row.day, value: row.hours }))} />
      )}
      <Rows rows={toiletFacts(toilet)} />
    </div>
  );
}
