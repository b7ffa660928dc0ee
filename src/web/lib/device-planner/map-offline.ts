/**
 * The region's map, kept with the region pack (issue 32): the fallback map's style and every
 * layer it draws (council areas, railways, bus routes, stops, places), fetched by the service
 * worker beside the pack, so a journey planned or saved on the device shows its map with no
 * signal even if no map was ever opened online. The style names its own layers (its GeoJSON
 * sources), so nothing here lists them. Kept in the cache the map's runtime route reads.
 */
import { FALLBACK_STYLE_PATH } from '../../../contract/map';

/** The service worker's runtime cache for the fallback map (sw/sw.ts reads it). */
export const MAP_CACHE = 'drover-map';

export interface MapKeepDeps {
  fetch: typeof fetch;
  cache(): Promise<Pick<Cache, 'put' | 'match'>>;
}

/** The same-origin GeoJSON files a style's sources load. */
export function styleDataUrls(style: unknown, origin: string): string[] {
  const sources = (style as { sources?: Record<string, { type?: unknown; data?: unknown }> } | null)?.sources ?? {};
  const urls = Object.values(sources)
    .filter((source) => source.type === 'geojson' && typeof source.data === 'string')
    .map((source) => new URL(source.data as string, origin))
    .filter((url) => url.origin === origin)
    .map((url) => url.href);
  return [...new Set(urls)];
}

/**
 * Fetches the style and its layers and keeps them, all or nothing (a half-kept map would draw
 * some layers and not others). With `refresh` false, a map already kept is left as it is (the
 * pack did not change, so neither did its map). Resolves to the URLs fetched and kept, [] when
 * the kept map stands, or null when any could not be fetched.
 */
export async function keepMapOffline(deps: MapKeepDeps, origin: string, refresh = true): Promise<string[] | null> {
  try {
    const styleUrl = new URL(FALLBACK_STYLE_PATH, origin).href;
    if (!refresh && (await (await deps.cache()).match(styleUrl))) return [];
    const style = await deps.fetch(styleUrl);
    if (!style.ok) return null;
    const styleCopy = style.clone();
    const urls = styleDataUrls(await style.json(), origin);
    const layers = await Promise.all(urls.map((url) => deps.fetch(url)));
    if (layers.some((layer) => !layer.ok)) return null;
    const cache = await deps.cache();
    await cache.put(styleUrl, styleCopy);
    await Promise.all(layers.map((layer, i) => cache.put(urls[i]!, layer)));
    return [styleUrl, ...urls];
  } catch {
    return null;
  }
}
