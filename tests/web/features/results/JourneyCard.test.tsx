// @vitest-environment jsdom
/**
 * A return asked for but none fitting after the traveller arrives (issue 27): the card says so
 * in the planner's words and shows no way home, rather than one leaving before they are there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { journeySchema } from '../../../../src/contract/journey';
import { JourneyCard } from '../../../../src/web/features/results/JourneyCard';
import { renderWithApp } from '../../helpers/render';

const fixture = journeySchema.parse(
  JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '../journey/fixtures/dundee-perth-return.json'), 'utf8'),
  ) as unknown,
);

afterEach(cleanup);

describe('JourneyCard and the way home', () => {
  it('says when no return fits instead of showing one', () => {
    const { return: _back, ...outbound } = fixture;
    const text = 'No way back leaves after this arrives (20:22): plan the return separately.';
    // The contract keeps the planner's field (an API answer carries it through).
    const journey = { ...journeySchema.parse({ ...outbound, return_unavailable: text }), id: '' };
    renderWithApp(<JourneyCard hash="h" journey={journey} position={1} emissions={null} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Return' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Outbound' })).toBeTruthy();
  });

  it('shows the return and no such notice when one fits', () => {
    renderWithApp(<JourneyCard hash="h" journey={{ ...fixture, id: '' }} position={1} emissions={null} />);
    expect(screen.getByRole('heading', { name: 'Return' })).toBeTruthy();
    expect(screen.queryByText(/No way back/)).toBeNull();
  });
});
