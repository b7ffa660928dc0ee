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
    },
  });
}
