/**
 * The timeline's own small pictograms (16 x 16 strokes in currentColor), one per travel type,
 * each with an accessible name so a screen reader hears the mode, not a picture.
 */
import type { ReactElement } from 'react';

const SHAPES: Record<string, ReactElement> = {
  walk: <path d="M8 2.5a1 1 0 1 0 0 .1M8 5v4l-2 5M8 9l2 5M5 7l3-2 3 2" />,
  cycle: <path d="M4 12a2.5 2.5 0 1 0 0 .1M12 12a2.5 2.5 0 1 0 0 .1M4 12l3-5h4l1 5M7 7 6 5h2" />,
  bus: <path d="M3 3h10v9H3zM3 8h10M5 14v-2M11 14v-2" />,
  coach: <path d="M2 4h12v8H2zM2 8h12M4 14v-2M12 14v-2" />,
  train: <path d="M4 2h8v10H4zM4 7h8M5 15l2-3M11 15l-2-3" />,
  tram: <path d="M5 3h6v9H5zM8 1v2M5 8h6M4 15l2-3M12 15l-2-3" />,
  subway: <path d="M3 13V5l5-3 5 3v8M6 13V8h4v5" />,
  ferry: <path d="M2 11h12l-2 3H4zM5 11V7h6v4M8 7V4" />,
  taxi: <path d="M2 10l2-4h8l2 4v3H2zM6 6V4h4v2M4 13v1M12 13v1" />,
  'own-car': <path d="M2 10l2-4h8l2 4v3H2zM4 13v1M12 13v1" />,
  'car-club': <path d="M2 10l2-4h8l2 4v3H2zM4 13v1M12 13v1M7 9h2" />,
  'bike-hire': <path d="M4 12a2.5 2.5 0 1 0 0 .1M12 12a2.5 2.5 0 1 0 0 .1M4 12l3-5h4l1 5M10 3h3" />,
  drt: <path d="M2 4h12v8H2zM5 14v-2M11 14v-2M6 8h4M8 6v4" />,
  'community-transport': <path d="M2 4h12v8H2zM5 14v-2M11 14v-2M6 8h4" />,
  arrive: <path d="M8 15s5-5 5-8.5a5 5 0 0 0-10 0C3 10 8 15 8 15zM8 6.5a1 1 0 1 0 0 .1" />,
  appointment: <path d="M3 3h10v11H3zM3 6h10M6 1v3M10 1v3M6 10l1.5 1.5L10 9" />,
  home: <path d="M2 8l6-5 6 5M4 7v7h8V7M7 14v-4h2v4" />,
  book: <path d="M4 2h3l1 3-2 1.5a8 8 0 0 0 3.5 3.5L11 8l3 1v3a2 2 0 0 1-2 2A10 10 0 0 1 2 4a2 2 0 0 1 2-2z" />,
};

const NAMES: Record<string, string> = {
  walk: 'Walk',
  cycle: 'Cycle',
  bus: 'Bus',
  coach: 'Coach',
  train: 'Train',
  tram: 'Tram',
  subway: 'Subway',
  ferry: 'Ferry',
  taxi: 'Taxi',
  'own-car': 'Own car',
  'car-club': 'Car club',
  'bike-hire': 'Bike hire',
  drt: 'Demand responsive transport',
  'community-transport': 'Community transport',
  arrive: 'Arrive',
  appointment: 'Appointment',
  home: 'Home',
  book: 'Booking',
};

export const glyphName = (kind: string): string => NAMES[kind] ?? kind;

export function StepGlyph({ kind, size = 24 }: { kind: string; size?: number }) {
  return (
    <svg
      role="img"
      aria-label={glyphName(kind)}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {SHAPES[kind] ?? <circle cx="8" cy="8" r="5" />}
    </svg>
  );
}
