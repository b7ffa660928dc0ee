/**
 * The step's timetable (SPEC section 3): stops down the side, one column per departure, times
 * HH:mm or '-' where the service does not stop. The traveller's departure and their boarding and
 * alighting stops are marked in words as well as colour.
 */
import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Step, Timetable } from '../../../../contract/journey';
import { timetableGrid } from './stage-model';
import classes from './stage.module.css';

export function TimetableModal({ timetable, step }: { timetable: Timetable; step: Step }) {
  const [open, setOpen] = useState(false);
  const grid = useMemo(() => timetableGrid(timetable, step), [timetable, step]);
  const windows = timetable.frequency;
  if (windows || step.transit?.frequency)
    return <NoTimetable open={open} setOpen={setOpen} title={grid.title} step={step} windows={windows ?? []} />;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        View timetable
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={grid.title}
        size="auto"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm" mb="xs">
          One column per departure, headed by its time at your boarding stop. At the stop where you get off the times
          are arrivals. &apos;-&apos; means the service does not stop there.
        </Text>
        {/* Focusable, so a keyboard can scroll a wide timetable sideways (WCAG 2.1.1; axe scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className={classes.scroller} tabIndex={0} role="region" aria-label={`${grid.title}, scrolls sideways`}>
          <Table withTableBorder withColumnBorders striped fz="sm" className={classes.timetable}>
            <Table.Caption>{grid.title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" className={classes.stopColumn}>
                  Stop
                </Table.Th>
                {grid.departures.map((departure, i) => (
                  <Table.Th scope="col" key={i} data-yours={departure.yours || undefined}>
                    <div>{departure.heading}</div>
                    {departure.yours && (
                      <Badge size="xs" variant="filled">
                        Yours
                      </Badge>
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.rows.map((row, r) => (
                <Table.Tr key={r} data-marked={row.boarding || row.alighting || undefined}>
                  <Table.Th scope="row" className={classes.stopColumn}>
                    {row.stop}
                    {row.boarding && (
                      <Text span size="xs" fw={700}>
                        {' '}
                        (board here)
                      </Text>
                    )}
                    {row.alighting && (
                      <Text span size="xs" fw={700}>
                        {' '}
                        (get off here: arrives)
                      </Text>
                    )}
                  </Table.Th>
                  {row.times.map((time, c) => (
                    <Table.Td key={c} data-yours={grid.departures[c]!.yours || undefined}>
                      {time}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Modal>
    </>
  );
}

/**
 * A service without departure times in our data: no grid to show. The modal says so, and gives what
 * is known: when it runs (from its first stop, and at the traveller's stop) and the wait to allow.
 */
function NoTimetable({
  open,
  setOpen,
  title,
  step,
  windows,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  title: string;
  step: Step;
  windows: NonNullable<Timetable['frequency']>;
}) {
  const atStop = step.transit?.frequency;
  const firstStop = step.timetable?.timetable.stops[0]?.name;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        View timetable
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
        <Text mb="xs">
          There is no timetable for this service in our data: we know its route, its running times and when it runs, but
          not its departure times.
        </Text>
        {windows.map((w, i) => (
          <Text key={i} mb="xs">
            It runs from about {w.first} to {w.last}
            {firstStop ? ` (first and last departures from ${firstStop})` : ''}; allow up to {w.allowance_minutes} min
            to wait.
          </Text>
        ))}
        {atStop && step.transit && (
          <Text mb="xs">
            At {step.transit.from_stop.name}: first departure about {atStop.first}, last about {atStop.last}.
          </Text>
        )}
      </Modal>
    </>
  );
}
