import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import type { Brand } from '../../contract/brand';
import { BrandProvider } from '../lib/brand';
import { createAppRouter } from './router';
import { createBrandTheme } from './theme';

export function App({ brand }: { brand: Brand }) {
  const [router] = useState(() => createAppRouter(brand));
  const [queryClient] = useState(() => new QueryClient());
  const [theme] = useState(() => createBrandTheme(brand));
  return (
    <BrandProvider brand={brand}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
