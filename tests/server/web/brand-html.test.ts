import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_SCRIPT_ID, brandSchema } from '../../../src/contract/brand';
import { loadBrands } from '../../../src/server/brands/load';
import { buildManifest, firstPaintFor, injectBrand } from '../../../src/server/web/brand-html';
import { routePreloadFromManifest } from '../../../src/server/web/route-preload';

const registry = loadBrands(path.resolve(import.meta.dirname, '../../../brands'));
const template = '<html><head><!--brand-head--></head><body><div id="root"></div><!--brand-config--></body></html>';

describe('injectBrand', () => {
  it('writes the title, theme colour, manifest link and the brand JSON', () => {
    const health = registry.brands.get('health')!;
    const html = injectBrand(template, health);
    expect(html).toContain(`<title>${health.title}</title>`);
    expect(html).toContain(`<meta name="theme-color" content="${health.theme.themeColor}">`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const json = new RegExp(`<script id="${BRAND_SCRIPT_ID}" type="application/json">(.*)</script>`).exec(html)?.[1];
    expect(brandSchema.parse(JSON.parse(json!))).toEqual(health);
    expect(html).not.toContain('<!--brand');
  });

  it('cannot be broken out of by text in the config', () => {
    const regional = registry.brands.get('regional')!;
    const hostile = {
      ...regional,
      title: 'A </script><script>alert(1)</script> & "B"',
      description: '<!-- x -->' + regional.description,
    };
    const html = injectBrand(template, hostile);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<title>A &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;B&quot;</title>');
    const json = /type="application\/json">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!).title).toBe(hostile.title);
  });
});

describe('the first paint', () => {
  const regional = registry.brands.get('regional')!;
  it('draws the header, and Home its heading and lead, in the root the app replaces', () => {
    const home = injectBrand(template, regional, {
      firstPaint: 'home',
      logoDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    const root = /<div id="root">(.*?)<\/div><!--|<div id="root">(.*)<\/div>\s*<script/s.exec(home)?.[0] ?? home;
    expect(root).toContain('<h1>Plan your journey</h1>');
    expect(root).toContain(`<p>${regional.description.replace(/&/g, '&amp;')}</p>`);
    expect(root).toContain('src="data:image/svg+xml;base64,PHN2Zy8+"');
    expect(root).toContain(`style="border-bottom-color:${regional.theme.themeColor}"`);
    const results = injectBrand(template, regional, { firstPaint: 'results' });
    expect(results).toContain('<h1>Journey results</h1>');
    expect(results).toContain(`src="${regional.navbarLogo}"`);
    const plain = injectBrand(template, regional, { firstPaint: 'header' });
    expect(plain).not.toContain('<h1>');
    // Without one the root stays empty (tests and tools that inject the brand only).
    expect(injectBrand(template, regional)).toContain('<div id="root"></div>');
  });

  it('picks the first paint by path; the service worker shell (no path) is the header alone', () => {
    expect(firstPaintFor('/')).toBe('home');
    expect(firstPaintFor('/search/abc123/results')).toBe('results');
    expect(firstPaintFor('/search/abc123/results/j1')).toBe('header');
    expect(firstPaintFor('/login')).toBe('header');
    expect(firstPaintFor(undefined)).toBe('header');
  });

  it('draws the updates strip, account links and Results breadcrumbs only where the brand shows them', () => {
    const council = registry.brands.get('council')!;
    const health = registry.brands.get('health')!;
    const home = injectBrand(template, regional, { firstPaint: 'home' });
    expect(home).toContain(
      `${regional.updatesText} <a href="${regional.updatesLink}" target="_blank" rel="noopener noreferrer">${regional.updatesLinkText} (opens in a new tab)</a>`,
    );
    expect(home).toContain('<a href="/login">Sign in</a><a href="/register">Register</a>');
    // Links take the brand's primary colour at the theme's shade, as Mantine draws them.
    expect(home).toContain(`--first-paint-link:${regional.theme.colors[regional.theme.primaryColor]![6]}`);
    expect(home).not.toContain('aria-label="Breadcrumb"');
    const results = injectBrand(template, regional, { firstPaint: 'results' });
    expect(results).toMatch(
      /<nav class="first-paint-crumbs" aria-label="Breadcrumb"><a href="\/">Plan your journey<\/a>.*Select journey option<\/span><\/nav><h1>Journey results<\/h1>/,
    );
    // The root only: the brand's JSON beside it names its flags.
    const bare = /<div id="root">.*?<\/main><\/div>/s.exec(
      injectBrand(template, council, { firstPaint: 'results' }),
    )![0];
    for (const absent of [council.updatesText, 'Sign in', 'Breadcrumb']) expect(bare).not.toContain(absent);
    expect(bare).toContain('<h1>Journey results</h1>');
    // Health: no accounts, but the strip and breadcrumbs.
    const healthResults = injectBrand(template, health, { firstPaint: 'results' });
    expect(healthResults).toContain(health.updatesText);
    expect(healthResults).toContain('aria-label="Breadcrumb"');
    expect(healthResults).not.toContain('Sign in');
  });

  it('escapes brand text in the first paint', () => {
    const hostile = {
      ...regional,
      description: '<img src=x onerror=alert(1)>',
      updatesLink: 'https://x.example/"><script>alert(1)</script>',
      updatesText: '<b>Before</b>',
    };
    const html = injectBrand(template, hostile, { firstPaint: 'home' });
    expect(html).toContain('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});

describe('route preloads', () => {
  // The shape of Vite's build manifest for TanStack Router's split route components.
  const manifest = {
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_jsx-B.js'] },
    '_jsx-B.js': { file: 'assets/jsx-B.js' },
    '_form-C.js': { file: 'assets/form-C.js', imports: ['_jsx-B.js'], css: ['assets/form-C.css'] },
    'routes/index.tsx?tsr-split=component': { file: 'assets/routes-D.js', imports: ['index.html', '_form-C.js'] },
    'routes/search.$hash.results.tsx?tsr-split=component': {
      file: 'assets/results-layout-E.js',
      imports: ['index.html'],
    },
    'routes/search.$hash.results.index.tsx?tsr-split=component': {
      file: 'assets/results-F.js',
      imports: ['_form-C.js'],
    },
    'routes/search.$hash.results.$journeyId.tsx?tsr-split=component': { file: 'assets/journey-G.js' },
    'routes/login.tsx?tsr-split=component': { file: 'assets/login-H.js' },
  };
  const preload = routePreloadFromManifest(manifest);

  it('names the chunks of the routes a path matches, not what the entry already loads', () => {
    expect(preload.forPath('/')).toEqual({
      scripts: ['/assets/routes-D.js', '/assets/form-C.js'],
      styles: ['/assets/form-C.css'],
    });
    expect(preload.forPath('/search/abc/results').scripts.sort()).toEqual([
      '/assets/form-C.js',
      '/assets/results-F.js',
      '/assets/results-layout-E.js',
    ]);
    // A journey is under the results layout, not its index page.
    expect(preload.forPath('/search/abc/results/j1').scripts.sort()).toEqual([
      '/assets/journey-G.js',
      '/assets/results-layout-E.js',
    ]);
    expect(preload.forPath('/login').scripts).toEqual(['/assets/login-H.js']);
  });

  it('preloads nothing for paths no route matches', () => {
    expect(preload.forPath('/no/such/page')).toEqual({ scripts: [], styles: [] });
    expect(preload.forPath('/search')).toEqual({ scripts: [], styles: [] });
  });

  it('adds the links to the page head', () => {
    const built = template.replace('</head>', '<link rel="stylesheet" crossorigin href="/assets/index-A.css"></head>');
    const html = injectBrand(built, registry.brands.get('council')!, { ...preload.forPath('/'), firstPaint: 'home' });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/routes-D.js">');
    // The route's style sheet applies from the first paint, after the main one (the cascade the app's loader gives).
    expect(html).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/index-A\.css">\s*<link rel="stylesheet" crossorigin href="\/assets\/form-C\.css">\s*<\/head>/,
    );
  });
});

describe('buildManifest', () => {
  it('is an installable manifest for each brand', () => {
    for (const brand of registry.brands.values()) {
      const manifest = buildManifest(brand);
      expect(manifest).toMatchObject({
        name: brand.title,
        short_name: brand.shortTitle,
        start_url: '/',
        display: 'standalone',
        theme_color: brand.theme.themeColor,
      });
      expect(manifest.icons.some((icon) => icon.sizes === '512x512' && !('purpose' in icon))).toBe(true);
      expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
    }
  });
});
