/**
 * The calling brand's configuration in the browser. The server (and the Vite dev
 * server) writes the validated brand into index.html as JSON; the app reads it once.
 */
import { createContext, useContext, type ReactNode } from 'react';

import type { Brand } from '../../contract/brand';
import { BRAND_SCRIPT_ID } from '../../contract/brand-script';

const BrandContext = createContext<Brand | null>(null);

export function readBrandFromDocument(doc: Document = document): Brand {
  const text = doc.getElementById(BRAND_SCRIPT_ID)?.textContent;
  if (!text) throw new Error(`index.html has no #${BRAND_SCRIPT_ID} brand configuration`);
  return JSON.parse(text) as Brand;
}

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand() used outside <BrandProvider>');
  return brand;
}

/** A brand's own house advert (a site path to a file shipped with its artwork), not a third party's page. */
export function isHouseAdvert(banner: { src: string }): boolean {
  return banner.src.startsWith('/');
}
