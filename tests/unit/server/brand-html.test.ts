import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_SCRIPT_ID, brandSchema } from '../../../src/contract/brand';
import { loadBrands } from '../../../src/server/brands/load';
import { buildManifest, injectBrand } from '../../../src/server/web/brand-html';

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
    const hostile = { ...regional, title: 'A </script><script>alert(1)</script> & "B"', description: '<!-- x -->' + regional.description };
    const html = injectBrand(template, hostile);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<title>A &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;B&quot;</title>');
    const json = /type="application\/json">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!).title).toBe(hostile.title);
  });
});

describe('buildManifest', () => {
  it('is an installable manifest for each brand', () => {
    for (const brand of registry.brands.values()) {
      const manifest = buildManifest(brand);
      expect(manifest).toMatchObject({ name: brand.title, short_name: brand.shortTitle, start_url: '/', display: 'standalone', theme_color: brand.theme.themeColor });
      expect(manifest.icons.some((icon) => icon.sizes === '512x512' && !('purpose' in icon))).toBe(true);
      expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
    }
  });
});
