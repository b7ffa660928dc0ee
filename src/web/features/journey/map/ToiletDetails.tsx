/**
 * A toilet's info window (SPEC section 3, Toilet marker): name, opening times per weekday,
 * accessible, all-gender, men, women, baby change, payment and notes. Shown in the map's
 * popup and in the list under the map (the same facts without a pointer).
 */
import { Table, Text, Title } from '@mantine/core';
import type { ToiletMarker } from '../../../../contract/journey';
import { openingTimeRows, toiletFacts } from './map-model';

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
        <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing="xs" fz="sm">
          <Table.Tbody>
            {hours.map((row) => (
              <Table.Tr key={row.day}>
                <Table.Th scope="row" fw={400} pl={0}>
                  {row.day}
                </Table.Th>
                <Table.Td>{row.hours}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing="xs" fz="sm" mt={4}>
        <Table.Tbody>
          {toiletFacts(toilet).map((fact) => (
            <Table.Tr key={fact.label}>
              <Table.Th scope="row" fw={400} pl={0}>
                {fact.label}
              </Table.Th>
              <Table.Td>{fact.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
