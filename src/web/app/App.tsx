import { MantineProvider } from '@mantine/core';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import type { Brand } from '../../contract/brand';
import { BrandProvider } from '../lib/brand';
import { createQueryClient } from '../lib/offline-cache';
import { offlinePersistOptions } from '../lib/offline-persister';
import { createAppRouter, type AppRouter } from './router';
import { createBrandTheme } from './theme';

/** `router`: one already loaded for the first URL (main.tsx), else one is made here. */
export function App({ brand, router: loaded }: { brand: Brand; router?: AppRouter }) {
  const [router] = useState(() => loaded ?? createAppRouter(brand));
  const [queryClient] = useState(createQueryClient);
  // Journeys the traveller opened are kept in IndexedDB and restored at start (lib/offline-cache).
  const [persistOptions] = useState(() => offlinePersistOptions());
  const [theme] = useState(() => createBrandTheme(brand));
  return (
    <BrandProvider brand={brand}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
          <RouterProvider router={router} />
        </PersistQueryClientProvider>
      </MantineProvider>
    </BrandProvider>
  );
}
