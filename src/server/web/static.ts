/**
 * Serves the built PWA from DIST_DIR on the API's port: hashed assets cached for a
 * year, the service worker and HTML always revalidated, the per-brand web manifest,
 * and the history fallback (any page URL gets index.html filled for the Host's brand;
 * the SPA draws its own not-found page).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '../../contract/brand';
import { buildManifest, firstPaintFor, injectBrand, type PageExtras } from './brand-html';
import { readRoutePreload, type RoutePreload } from './route-preload';
import { compressBrotli, compressGzip } from './precompress';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Brand artwork and other unhashed files: short cache, they may change between releases. */
const SHORT_CACHE = 'public, max-age=3600';

interface BrandPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Injected index.html per brand and page kind (its route chunks and first paint; with its
 * compressed forms), dropped when the file on disk changes (a rebuild).
 */
class BrandHtmlCache {
  private stamp = '';
  private readonly pages = new Map<string, BrandPage>();
  private routes: RoutePreload | undefined;
  constructor(
    private readonly file: string,
    private readonly distDir: string,
  ) {}

  /** `pathname`: the page's path, or undefined for the service worker's app shell (/index.html). */
  get(brand: Brand, pathname?: string): BrandPage | undefined {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return undefined;
    }
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    if (stamp !== this.stamp) {
      this.pages.clear();
      this.routes = readRoutePreload(this.distDir);
      this.stamp = stamp;
    }
    // The app shell the service worker keeps serves every path offline: the header alone.
    const extras: PageExtras = {
      ...(pathname === undefined ? {} : this.routes?.forPath(pathname)),
      firstPaint: firstPaintFor(pathname),
    };
    const key = `${brand.key} ${extras.firstPaint} ${(extras.scripts ?? []).join(' ')}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      // The logo is read once per page kind and build, not per request.
      const logo = this.logoDataUrl(brand);
      const html = injectBrand(fs.readFileSync(this.file, 'utf8'), brand, {
        ...extras,
        ...(logo ? { logoDataUrl: logo } : {}),
      });
      page = { html, br: compressBrotli(Buffer.from(html)), gzip: compressGzip(Buffer.from(html)) };
      this.pages.set(key, page);
    }
    return page;
  }

  /** A small SVG navbar logo inlined (under 8 KB): on a slow link its own request made the first paint wait. */
  private logoDataUrl(brand: Brand): string | undefined {
    if (!brand.navbarLogo.endsWith('.svg')) return undefined;
    const file = path.resolve(this.distDir, `.${brand.navbarLogo}`);
    if (!file.startsWith(path.resolve(this.distDir) + path.sep)) return undefined;
    try {
      const svg = fs.readFileSync(file);
      return svg.length <= 8192 ? `data:image/svg+xml;base64,${svg.toString('base64')}` : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Paths that are never pages: the API, health, and hashed assets (a miss there is a real 404). */
const NOT_A_PAGE = /^\/(v1|healthz|livez|readyz|metrics|assets)(\/|$)/;

/** A navigation: asks for HTML, or (curl, bots) takes anything for an extension-less path. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NOT_A_PAGE.test(pathname)) return false;
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !/\.[a-z0-9]+$/i.test(pathname);
}

export interface WebOptions {
  distDir: string;
}

/**
 * Registers static files and the manifest, and returns the fallback for the app's
 * not-found handler.
 */
export async function registerWeb(app: FastifyInstance, { distDir }: WebOptions) {
  const indexFile = path.join(distDir, 'index.html');
  const html = new BrandHtmlCache(indexFile, distDir);

  await app.register(fastifyStatic, {
    root: distDir,
    // index.html is only ever sent brand-filled, through the fallback.
    index: false,
    allowedPath: (pathname) => pathname !== '/index.html',
    cacheControl: false,
    // `npm run build` writes .br/.gz beside each asset (src/server/web/precompress.ts).
    preCompressed: true,
    // Missing files fall through to the not-found handler (fallback or 404).
    wildcard: true,
    setHeaders: (reply, file) => {
      const relative = path.relative(distDir, file).split(path.sep).join('/');
      if (relative.startsWith('assets/')) reply.header('cache-control', LONG_CACHE);
      else if (relative === 'sw.js' || relative.endsWith('.html') || relative.endsWith('.webmanifest'))
        reply.header('cache-control', REVALIDATE);
      else reply.header('cache-control', SHORT_CACHE);
    },
  });

  app.get('/manifest.webmanifest', async (request, reply) => {
    return reply
      .header('cache-control', REVALIDATE)
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(buildManifest(request.brand)));
  });

  /** Sends index.html for page requests; returns false (nothing sent) for anything else. */
  function servePage(request: FastifyRequest, reply: FastifyReply, always = false): boolean {
    if (!always && !wantsPage(request)) return false;
    const pathname = request.url.split('?')[0] ?? '/';
    const page = html.get(request.brand, always ? undefined : pathname);
    reply.header('cache-control', REVALIDATE);
    if (page === undefined) {
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built: ${indexFile} is missing. Run npm run build.`);
    } else {
      const accepted = String(request.headers['accept-encoding'] ?? '');
      reply.code(200).type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
      if (/\bbr\b/.test(accepted)) reply.header('content-encoding', 'br').send(page.br);
      else if (/\bgzip\b/.test(accepted)) reply.header('content-encoding', 'gzip').send(page.gzip);
      else reply.send(page.html);
    }
    return true;
  }

  // The static plugin refuses directories (index: false), so the root page is a route.
  app.get('/', (request, reply) => {
    if (!servePage(request, reply)) reply.callNotFound();
    return reply;
  });

  // The service worker precaches the app shell as /index.html (its fetch does not ask for
  // text/html), so that path is always the brand-filled page.
  app.get('/index.html', (request, reply) => {
    servePage(request, reply, true);
    return reply;
  });

  return servePage;
}
