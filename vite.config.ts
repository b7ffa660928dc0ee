/**
 * One build serves every brand: the brand is written into index.html at request time
 * (src/server/web/brand-html.ts), here too in dev. Brand artwork from brands/<key>/ is
 * emitted into the bundle so the service worker precaches it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { Brand, BrandKey } from './src/contract/brand';
import { loadBrands } from './src/server/brands/load';
import { brandMapIconFiles } from './src/web/components/icon-glyphs';
import { buildManifest, injectBrand } from './src/server/web/brand-html';

const repo = path.dirname(fileURLToPath(import.meta.url));
const brandsDir = path.join(repo, 'brands');
/** Brand artwork, and a brand's house advert page (brand.json advertBanner). */
const ARTWORK = /\.(svg|png|html)$/;

/**
 * A brand's map icons (SPEC section 3: the path varies per brand and mode): the files it ships in
 * brands/<key>/map-icons/, and one drawn in its colour for every other mode. Site path -> contents.
 */
function mapIconFiles(brand: Brand): Map<string, string | Buffer> {
  const folder = path.join(brandsDir, brand.key, 'map-icons');
  const shipped = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.svg')) : [];
  const files = new Map<string, string | Buffer>(
    brandMapIconFiles(brand.key, brand.theme.themeColor, new Set(shipped)),
  );
  for (const name of shipped)
    files.set(`brands/${brand.key}/map-icons/${name}`, fs.readFileSync(path.join(folder, name)));
  return files;
}
/** Tiny modules shared by Home and later screens, each a separate request otherwise (see codeSplitting below). */
const SHARED_SMALL = new RegExp(
  [
    'src/web/components/(journey-labels\\.ts|ModeIcon\\.tsx)$',
    'src/web/lib/search-preset\\.ts$',
    '@mantine/hooks/esm/use-(merged-ref|uncontrolled)/',
    '@mantine/core/esm/(core/DirectionProvider|components/Badge|components/ScrollArea/utils/to-int)',
  ]
    .map((pattern) => pattern.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

/** Brand HTML and manifest for `npm run dev`, picked by Host like the real server. */
function brandPlugin(): Plugin {
  const registry = () => loadBrands(brandsDir, process.env.BRAND ?? 'regional');
  return {
    name: 'drover-brand',
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        // The production build keeps the placeholders for the server to fill per request;
        // the dev server shows the BRAND setting's brand.
        if (!context.server) return html;
        return injectBrand(html, registry().defaultBrand);
      },
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const brand = registry().byHostname(request.headers.host);
        if (request.url === '/manifest.webmanifest') {
          response.setHeader('Content-Type', 'application/manifest+json');
          response.end(JSON.stringify(buildManifest(brand)));
          return;
        }
        const icon = /^\/brands\/([a-z]+)\/map-icons\/[\w-]+\.svg$/.exec(request.url ?? '');
        const iconBrand = icon ? registry().brands.get(icon[1] as BrandKey) : undefined;
        const iconFile = iconBrand ? mapIconFiles(iconBrand).get(request.url!.slice(1)) : undefined;
        if (iconFile !== undefined) {
          response.setHeader('Content-Type', 'image/svg+xml');
          response.end(iconFile);
          return;
        }
        const match = /^\/brands\/([a-z]+)\/([\w.-]+)$/.exec(request.url ?? '');
        if (match && ARTWORK.test(match[2]!)) {
          const file = path.join(brandsDir, match[1]!, match[2]!);
          if (fs.existsSync(file)) {
            response.setHeader(
              'Content-Type',
              file.endsWith('.svg')
                ? 'image/svg+xml'
                : file.endsWith('.html')
                  ? 'text/html; charset=utf-8'
                  : 'image/png',
            );
            response.end(fs.readFileSync(file));
            return;
          }
        }
        next();
      });
    },
    generateBundle() {
      for (const key of fs.readdirSync(brandsDir)) {
        const folder = path.join(brandsDir, key);
        if (!fs.statSync(folder).isDirectory()) continue;
        for (const file of fs.readdirSync(folder).filter((name) => ARTWORK.test(name))) {
          this.emitFile({
            type: 'asset',
            fileName: `brands/${key}/${file}`,
            source: fs.readFileSync(path.join(folder, file)),
          });
        }
      }
      for (const brand of registry().brands.values()) {
        for (const [fileName, source] of mapIconFiles(brand)) this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

/**
 * Which build this is: DROVER_BUILD_ID, else the commit, else 'local'. The page carries it
 * (<html data-build>), so an operator or a test can tell which release a tab is running.
 */
function buildId(): string {
  if (process.env.DROVER_BUILD_ID) return process.env.DROVER_BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'local';
  }
}

/** DROVER_OUT_DIR builds elsewhere than dist/ (the e2e deploy test builds the next release beside the served one). */
const outDir = process.env.DROVER_OUT_DIR ? path.resolve(process.env.DROVER_OUT_DIR) : path.join(repo, 'dist');

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()) },
  root: path.join(repo, 'src/web'),
  publicDir: path.join(repo, 'public'),
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Read by the server to preload the first screen's route chunks (src/server/web/route-preload.ts).
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Tiny modules that Home's form and later screens share: one small chunk rather than
            // a request each (Home's script count, issue 20).
            { name: 'shared', test: SHARED_SMALL },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/v1': 'http://localhost:8080', '/app': { target: 'ws://localhost:8080', ws: true } },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(repo, 'src/web/routes'),
      generatedRouteTree: path.join(repo, 'src/web/app/routeTree.gen.ts'),
    }),
    react(),
    brandPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: path.join(repo, 'sw'),
      filename: 'sw.ts',
      outDir,
      injectRegister: false,
      // The web manifest is generated per brand by the server (/manifest.webmanifest).
      manifest: false,
      injectManifest: {
        globDirectory: outDir,
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
});
