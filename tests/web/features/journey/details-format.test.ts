/** The Journey details wording and timeline rules (SPEC sections 2, 3 and 9). */
import { describe, expect, it } from 'vitest';
import type { Journey, Leg, Step } from '../../../../src/contract/journey';
import {
  addMinutes,
  elevationText,
  instructionsToggleLabel,
  instructionText,
  milesText,
  priceText,
  stepCostText,
  stageModes,
  startsWithTaxi,
  timelineEntries,
} from '../../../../src/web/features/journey/details-format';

describe('wording', () => {
  it('metres to miles by 0.00062137, two decimals', () => {
    expect(milesText(1000)).toBe('0.62 miles');
    expect(milesText(0)).toBe('0.00 miles');
    expect(milesText(16093.44)).toBe('10.00 miles');
  });
  it('cost texts', () => {
    expect(priceText('free')).toBe('Free');
    expect(priceText('unknown')).toBe('Unknown');
    expect(priceText('£4.20')).toBe('£4.20');
    // A ride another step's ticket pays for says what covers it instead of "£0.00".
    expect(stepCostText({ cost: '£0.00', cost_note: 'Included in the return ticket above' })).toBe(
      'Included in the return ticket above',
    );
    expect(stepCostText({ cost: '£20.90' })).toBe('£20.90');
    expect(stepCostText({ cost: '£20.90', cost_note: 'ScotRail return A - B: also pays for 1 more ride below' })).toBe(
      '£20.90 (ScotRail return A - B: also pays for 1 more ride below)',
    );
  });
  it('elevation is left out when not available', () => {
    expect(elevationText(null)).toBeNull();
    expect(elevationText(37.6)).toBe('38 m');
    expect(elevationText(0)).toBe('0 m');
  });
  it('instructions become plain text: tags dropped, entities decoded, scripts inert', () => {
    expect(instructionText('Turn <b>left</b> onto <div style="x">Rua A &amp; B</div>')).toBe(
      'Turn left onto Rua A & B',
    );
    expect(instructionText('<img src=x onerror=alert(1)>Go&nbsp;north')).toBe('Go north');
    expect(instructionText('a &lt;b&gt; c')).toBe('a <b> c');
  });
  it('the toggle names its state and the count', () => {
    expect(instructionsToggleLabel(false, 4)).toBe('Show instructions (4)');
    expect(instructionsToggleLabel(true, 4)).toBe('Hide instructions (4)');
  });
  it('adds minutes to a clock, wrapping at midnight', () => {
    expect(addMinutes('09:45', 60)).toBe('10:45');
    expect(addMinutes('23:30', 60)).toBe('00:30');
    expect(addMinutes('bad', 30)).toBe('bad');
  });
});

// Minimal shapes: only the fields the timeline rules read (the component test uses real journeys).
const step = (type: Step['type'], at: string): Step =>
  ({ type, departure_time: at, arrival_time: at, description: `${type} step`, directions: [] }) as unknown as Step;
const leg = (types: Step['type'][], arrive: string): Leg =>
  ({
    stages: types,
    steps: types.map((t, i) => step(t, `08:${String(i).padStart(2, '0')}`)),
    arrival_at: arrive,
  }) as unknown as Leg;
const journey = (ret: boolean): Journey =>
  ({
    depart: leg(['walk', 'bus', 'bus', 'walk'], '09:10'),
    ...(ret ? { return: leg(['taxi'], '17:40') } : {}),
    origin: { label: 'Home Street', lat: 0, lng: 0 },
    destination: { label: 'Ninewells Hospital', lat: 0, lng: 0 },
  }) as unknown as Journey;

describe('timeline', () => {
  it('outbound steps, then Arrive at the destination; a return adds its steps and Return Home', () => {
    expect(timelineEntries(journey(false), { appointment: false }).map((e) => e.kind)).toEqual([
      'step',
      'step',
      'step',
      'step',
      'arrive',
    ]);
    const kinds = timelineEntries(journey(true), { appointment: false }).map((e) =>
      e.kind === 'step' ? `${e.leg}` : e.kind,
    );
    expect(kinds).toEqual(['depart', 'depart', 'depart', 'depart', 'arrive', 'return', 'home']);
  });
  it('the health brand attends a 1-hour appointment by default, between arriving and the return', () => {
    const entries = timelineEntries(journey(true), { appointment: true });
    const appointment = entries.find((e) => e.kind === 'appointment');
    expect(appointment).toEqual({ kind: 'appointment', from: '09:10', to: '10:10', minutes: 60 });
    expect(entries.map((e) => e.kind).indexOf('appointment')).toBe(5);
    expect(timelineEntries(journey(false), { appointment: true, appointmentMinutes: 30 }).at(-1)).toMatchObject({
      to: '09:40',
      minutes: 30,
    });
  });
  it('mode pictograms merge repeats; the taxi modal follows the first stage', () => {
    expect(stageModes(journey(false).depart)).toEqual(['walk', 'bus', 'walk']);
    expect(startsWithTaxi(journey(false).depart)).toBe(false);
    expect(startsWithTaxi(journey(true).return!)).toBe(true);
  });
});
