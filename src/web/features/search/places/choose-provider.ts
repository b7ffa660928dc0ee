/** Which provider a brand uses: Google when its config holds a Google Maps key, else ours. */
import type { Brand } from '../../../../contract/brand';
import { createBuiltInProvider } from './builtin-provider';
import type { PlaceProvider } from './types';

export function providerForBrand(brand: Pick<Brand, 'apiKey' | 'googleMapsKey' | 'region'>): PlaceProvider {
  const builtIn = createBuiltInProvider({ apiKey: brand.apiKey, bias: brand.region.autocompleteBias });
  const key = brand.googleMapsKey;
  if (!key) return builtIn;
  // The Google adapter is its own chunk, fetched on first use: brands without a key (and Home's
  // first JavaScript) never carry it. If it cannot load, our own suggestions answer.
  let google: Promise<PlaceProvider> | undefined;
  const loaded = () =>
    (google ??= import('./google-provider').then((m) =>
      m.createGoogleProvider({ key, bias: brand.region.autocompleteBias, fallback: builtIn }),
    ));
  return {
    name: 'google',
    autocomplete: (query, signal) =>
      loaded().then(
        (provider) => provider.autocomplete(query, signal),
        () => ((google = undefined), builtIn.autocomplete(query, signal)),
      ),
    resolve: async (suggestion, signal) => (await loaded()).resolve!(suggestion, signal),
    reverse: (lat, lng, signal) => builtIn.reverse(lat, lng, signal),
  };
}
