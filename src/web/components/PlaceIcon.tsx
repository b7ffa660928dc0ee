/**
 * SPEC section 3's place-category icons (points of interest): our line pictograms, 24 x 24 in
 * currentColor. Decorative by default, as the card beside them names the category.
 */
import { PLACE_GLYPHS, placeIcon } from './icon-glyphs';

export function PlaceIcon({ type, size = 24 }: { type: string; size?: number }) {
  const name = placeIcon(type);
  if (!name) return null;
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" data-icon={name} focusable="false">
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        // Our own constant markup (components/icon-glyphs), never data.
        dangerouslySetInnerHTML={{ __html: PLACE_GLYPHS[name] }}
      />
    </svg>
  );
}
