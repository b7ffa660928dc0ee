/** Component-test plumbing: a brand read from brands/ as the server merges it, and the app's providers around a tree. */
import fs from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { brandSchema, mergeBrandConfig, type Brand } from '../../../src/contract/brand';
import { BrandProvider } from '../../../src/web/lib/brand';

const brandsDir = path.resolve(__dirname, '../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));

export function testBrand(key = 'regional'): Brand {
  return brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson(`${key}/brand.json`)));
}

/** Renders `ui` inside the brand, Mantine and (fresh, no retries) React Query providers. */
export function renderWithApp(ui: ReactNode, brand: Brand = testBrand()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <BrandProvider brand={brand}>
      <MantineProvider env="test">
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </BrandProvider>,
  );
}
