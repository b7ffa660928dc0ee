/** Which provider a brand uses: Google when its config holds a Google Maps key, else ours. */
import type { Brand } from '../../../../contract/brand';
import { createBuiltInProvider } from './builtin-provider';
import { createGoogleProvider } from './google-provider';
import type { PlaceProvider } from './types';

export function providerForBrand(brand: Pick<Brand, 'apiKey' | 'googleMapsKey' | 'region'>): PlaceProvider {
  const builtIn = createBuiltInProvider({ apiKey: brand.apiKey, bias: brand.region.autocompleteBias });
  if (!brand.googleMapsKey) return builtIn;
  return createGoogleProvider({ key: brand.googleMapsKey, bias: brand.region.autocompleteBias, fallback: builtIn });
}
