import { createTheme, type MantineColorsTuple } from '@mantine/core';
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
  });
}
