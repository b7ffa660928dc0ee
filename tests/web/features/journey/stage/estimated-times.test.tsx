// @vitest-environment jsdom
/**
 * A ride on a service without departure times (Dundee's buses, from route patterns), on a journey the
 * planner's CLI planned on the Tayside data (fixtures/README.md): the card and journey note, the
 * stage's stops with their NaPTAN codes, and a timetable modal that says there is no timetable and
 * gives the span. A timetabled journey (the Dundee-Perth fixture) says none of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { journeySchema, type Journey } from '../../../../../src/contract/journey';
import { estimatedTimesNote } from '../../../../../src/web/components/timetable-notes';
import { StepHeader } from '../../../../../src/web/features/journey/StepTimeline';
import { rideStops } from '../../../../../src/web/features/journey/stage/stage-model';
import { TimetableModal } from '../../../../../src/web/features/journey/stage/TimetableModal';

const fixture = (name: string): Journey =>
  journeySchema.parse(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../fixtures', name), 'utf8')));
const bus = fixture('whitfield-perth-bus-train.json');
const rail = fixture('dundee-perth-return.json');
const busStep = bus.depart.steps.find((s) => s.type === 'bus')!;

afterEach(cleanup);

describe('a bus without departure times', () => {
  it('is labelled "Bus times estimated" on the journey, and a timetabled journey is not', () => {
    expect(estimatedTimesNote(bus)).toMatch(/^Bus times estimated: departure times are not in our data/);
    expect(estimatedTimesNote(rail)).toBeNull();
  });

  it('says in its step what is known: route, operator, towards, stop code, ride, span and the wait to allow', () => {
    expect(busStep.description).toMatch(
      /^Bus 17, Xplore Dundee, towards Ninewells, from .+ \(stop 6400\w+\) to .+, about \d+ min; runs about \d{2}:\d{2}-\d{2}:\d{2}; departure times are not in our data, allow up to \d+ min to wait$/,
    );
    render(
      <MantineProvider>
        <StepHeader step={busStep} />
      </MantineProvider>,
    );
    expect(screen.getByText(`by about ${busStep.departure_time}`)).toBeTruthy();
    expect(screen.getByText('Times estimated')).toBeTruthy();
  });

  it('lists the stops of the ride with their NaPTAN codes, boarding stop first', () => {
    const stops = rideStops(busStep);
    expect(stops.length).toBe(busStep.transit!.num_stops + 1);
    expect(stops[0]).toEqual({ name: busStep.transit!.from_stop.name, code: busStep.transit!.from_stop.stop_id });
    expect(stops.at(-1)!.name).toBe(busStep.transit!.to_stop.name);
    for (const s of stops) expect(s.code).toMatch(/^640\w+$/);
  });

  it('has a timetable modal that says there is no timetable and gives the span', async () => {
    render(
      <MantineProvider>
        <TimetableModal timetable={busStep.timetable!} step={busStep} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'View timetable' }));
    expect(await screen.findByText(/There is no timetable for this service in our data/)).toBeTruthy();
    const w = busStep.timetable!.frequency![0]!;
    expect(screen.getByText(new RegExp(`runs from about ${w.first} to ${w.last}`))).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
