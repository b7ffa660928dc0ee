/**
 * Our own line pictograms for SPEC section 3's mode icons (24 x 24, drawn in currentColor;
 * the shapes live in icon-glyphs.ts, shared with the build's per-brand map icons).
 * The circled variant ('-c') puts the pictogram on a filled disc.
 */
import { MODE_GLYPHS } from './icon-glyphs';
import { modeIcon, modeName, type IconName } from './journey-labels';

/** A mode's icon with its name as the accessible label; a mode with no icon is shown as text. */
export function ModeIcon({ mode, circled = false, size = 28 }: { mode: string; circled?: boolean; size?: number }) {
  const name = modeIcon(mode, circled);
  const label = modeName(mode);
  if (!name) return <span>{label}</span>;
  const glyph = MODE_GLYPHS[name.replace(/-c$/, '') as IconName];
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      data-icon={name}
      focusable="false"
    >
      <title>{label}</title>
      {circled && <circle cx="12" cy="12" r="12" fill="var(--mantine-primary-color-filled)" />}
      <g
        fill="none"
        stroke={circled ? '#fff' : 'currentColor'}
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform={circled ? 'translate(4.2 4.2) scale(0.65)' : undefined}
        // Our own constant markup (components/icon-glyphs), never data.
        dangerouslySetInnerHTML={{ __html: glyph }}
      />
    </svg>
  );
}
