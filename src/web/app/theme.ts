import { Anchor, createTheme, type MantineColorsTuple } from '@mantine/core';
import type { Brand } from '../../contract/brand';

/** The brand's Mantine theme: its colours over Mantine's defaults. */
export function createBrandTheme(brand: Brand) {
  const colors = Object.fromEntries(
    Object.entries(brand.theme.colors).map(([name, shades]) => [name, shades as unknown as MantineColorsTuple]),
  );
  return createTheme({
    primaryColor: brand.theme.primaryColor,
    colors,
    primaryShade: 6,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    defaultRadius: 'md',
    focusRing: 'always',
    components: {
      // WCAG 1.4.1: links inside text must not rely on colour alone.
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      // Closed dropdowns (Select, MultiSelect, comboboxes) unmounted: Mantine keeps them mounted by
      // default and floating-ui positions each one at load, a forced style recalculation apiece.
      // A plain object, not Combobox.extend, so Combobox stays out of the first-load chunk.
      Combobox: { defaultProps: { keepMounted: false } },
    },
  });
}
