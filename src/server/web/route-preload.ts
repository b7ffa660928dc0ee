/**
 * The first screen's code, announced in its HTML. The web app splits each route's screen into
 * its own chunk, which the browser would only ask for once the main script had run and matched
 * the URL: a second round trip before anything of the screen can draw (on a phone on 4G, about
 * half a second). Vite's build manifest (dist/.vite/manifest.json) names each route file's
 * chunks; a page request gets `<link rel="modulepreload">` for those of the routes its path
 * matches, so they download beside the main script.
 *
 * Route files follow TanStack Router's flat names (src/web/routes): `search.$hash.results.tsx`
 * is /search/{hash}/results and a layout of the routes under it; `index` is its folder's own page.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

interface RouteFile {
  /** Path segments; '$' matches any one segment. */
  segments: string[];
  /** Matches paths below it too (it has child routes). */
  layout: boolean;
  scripts: string[];
  styles: string[];
}

export interface RoutePreload {
  /** Root-relative URLs of the scripts and style sheets of the routes matching a page path. */
  forPath(pathname: string): { scripts: string[]; styles: string[] };
}

const NOTHING: RoutePreload = { forPath: () => ({ scripts: [], styles: [] }) };
const ROUTE_KEY = /^routes\/([^?]+)\.tsx\?tsr-split=/;

/** Reads DIST_DIR's build manifest; without one (an older build, dev) nothing is preloaded. */
export function readRoutePreload(distDir: string): RoutePreload {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return NOTHING;
  }
  return routePreloadFromManifest(manifest);
}

export function routePreloadFromManifest(manifest: Record<string, ManifestChunk>): RoutePreload {
  // What index.html already loads: the entry and everything it imports statically.
  const loaded = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);

  const byName = new Map<string, { scripts: Set<string>; styles: Set<string> }>();
  for (const key of Object.keys(manifest)) {
    const name = ROUTE_KEY.exec(key)?.[1];
    if (!name) continue;
    const entry = byName.get(name) ?? { scripts: new Set<string>(), styles: new Set<string>() };
    const keys = new Set<string>();
    closure(key, keys);
    for (const k of keys) {
      if (loaded.has(k)) continue;
      const chunk = manifest[k] as ManifestChunk;
      entry.scripts.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) entry.styles.add(`/${css}`);
    }
    byName.set(name, entry);
  }
  const names = [...byName.keys()];
  const routes: RouteFile[] = names.map((name) => {
    const parts = name.split('.');
    const index = parts.at(-1) === 'index';
    const entry = byName.get(name) as { scripts: Set<string>; styles: Set<string> };
    return {
      segments: (index ? parts.slice(0, -1) : parts).map((part) => (part.startsWith('$') ? '$' : part)),
      layout: !index && names.some((other) => other.startsWith(`${name}.`)),
      scripts: [...entry.scripts],
      styles: [...entry.styles],
    };
  });

  return {
    forPath(pathname) {
      const segments = pathname.split('/').filter(Boolean);
      const scripts = new Set<string>();
      const styles = new Set<string>();
      for (const route of routes) {
        if (!matches(route, segments)) continue;
        route.scripts.forEach((s) => scripts.add(s));
        route.styles.forEach((s) => styles.add(s));
      }
      return { scripts: [...scripts], styles: [...styles] };
    },
  };
}

function matches(route: RouteFile, segments: string[]): boolean {
  if (route.layout ? segments.length < route.segments.length : segments.length !== route.segments.length) return false;
  return route.segments.every((want, i) => want === '$' || want === segments[i]);
}
