/**
 * Our own line pictograms for SPEC section 3's mode icons (24 x 24, drawn in currentColor).
 * The circled variant ('-c') puts the pictogram on a filled disc.
 */
import type { ReactElement } from 'react';
import { modeIcon, modeName, type IconName } from './journey-labels';

const wheel = (x: number, y: number, r = 1.5) => <circle cx={x} cy={y} r={r} />;

const GLYPHS: Record<IconName, ReactElement> = {
  bus: (
    <>
      <rect x="5" y="4" width="14" height="14" rx="2" />
      <path d="M5 11h14M9 7h6" />
      {wheel(8.5, 19.5, 1)}
      {wheel(15.5, 19.5, 1)}
    </>
  ),
  train: (
    <>
      <rect x="6" y="3" width="12" height="14" rx="3" />
      <path d="M6 10h12M9 20l-2 2M15 20l2 2" />
      {wheel(9.5, 13.5, 1)}
      {wheel(14.5, 13.5, 1)}
    </>
  ),
  tram: (
    <>
      <path d="M9 2h6M12 2v3" />
      <rect x="6" y="5" width="12" height="13" rx="2" />
      <path d="M6 11h12M8 21l2-3M16 21l-2-3" />
    </>
  ),
  subway: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 8v5a3.5 3.5 0 0 0 7 0V8" />
    </>
  ),
  ferry: (
    <>
      <path d="M3 15h18l-3 4H6z" />
      <path d="M7 15V10h10v5M10 10V6h4v4" />
      <path d="M3 21c2-1 4-1 6 0s4 1 6 0 4-1 6 0" />
    </>
  ),
  walk: (
    <>
      <circle cx="13" cy="4" r="1.8" />
      <path d="M13 7l-2 6 3 3 1 5M11 13l-2 8M12 8l4 3M12 8l-4 3" />
    </>
  ),
  bike: (
    <>
      {wheel(6, 16, 3.5)}
      {wheel(18, 16, 3.5)}
      <path d="M6 16l4-7h6l2 7M10 9l3 7h-7M14 6h3" />
    </>
  ),
  car: (
    <>
      <path d="M4 16v-4l2-5h12l2 5v4z" />
      <path d="M4 12h16" />
      {wheel(7.5, 17.5)}
      {wheel(16.5, 17.5)}
    </>
  ),
  'car-club': (
    <>
      <path d="M4 18v-4l2-4h12l2 4v4z" />
      {wheel(7.5, 19.5, 1.2)}
      {wheel(16.5, 19.5, 1.2)}
      <path d="M12 2l1.2 2.4 2.6.4-1.9 1.8.5 2.6L12 8l-2.4 1.2.5-2.6-1.9-1.8 2.6-.4z" />
    </>
  ),
  taxi: (
    <>
      <path d="M10 3h4v3h-4z" />
      <path d="M4 17v-4l2-5h12l2 5v4z" />
      <path d="M4 13h16" />
      {wheel(7.5, 18.5)}
      {wheel(16.5, 18.5)}
    </>
  ),
  drt: (
    <>
      <rect x="3" y="7" width="13" height="11" rx="2" />
      <path d="M3 12h13" />
      {wheel(6.5, 19.5, 1)}
      {wheel(12.5, 19.5, 1)}
      <path d="M18 4a3 3 0 0 1 3 3M18 7.5a.5.5 0 0 1 0 0" />
    </>
  ),
};

/** A mode's icon with its name as the accessible label; a mode with no icon is shown as text. */
export function ModeIcon({ mode, circled = false, size = 28 }: { mode: string; circled?: boolean; size?: number }) {
  const name = modeIcon(mode, circled);
  const label = modeName(mode);
  if (!name) return <span>{label}</span>;
  const glyph = GLYPHS[name.replace(/-c$/, '') as IconName];
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox="0 0 24 24" data-icon={name} focusable="false">
      <title>{label}</title>
      {circled && <circle cx="12" cy="12" r="12" fill="var(--mantine-primary-color-filled)" />}
      <g
        fill="none"
        stroke={circled ? '#fff' : 'currentColor'}
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform={circled ? 'translate(4.2 4.2) scale(0.65)' : undefined}
      >
        {glyph}
      </g>
    </svg>
  );
}
