/**
 * Per-brand HTML and web manifest. One built app serves every brand: the server (and the
 * Vite dev server) fills index.html's placeholders for the brand picked by hostname/BRAND.
 */
import { BRAND_SCRIPT_ID, type Brand } from '../../contract/brand';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that is safe inside a <script> element (no closing tag or comment opener can appear). */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function injectBrand(html: string, brand: Brand): string {
  const largestIcon = brand.icons.find((icon) => icon.sizes === '192x192') ?? brand.icons[0]!;
  const head = [
    `<title>${escapeHtml(brand.title)}</title>`,
    `<meta name="description" content="${escapeHtml(brand.description)}">`,
    `<meta name="theme-color" content="${brand.theme.themeColor}">`,
    `<meta name="application-name" content="${escapeHtml(brand.shortTitle)}">`,
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(brand.shortTitle)}">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="icon" href="${brand.favicon}" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="${largestIcon.src}">`,
  ].join('\n    ');
  const config = `<script id="${BRAND_SCRIPT_ID}" type="application/json">${scriptSafeJson(brand)}</script>`;
  return html.replace('<!--brand-head-->', head).replace('<!--brand-config-->', config);
}

export function buildManifest(brand: Brand) {
  return {
    id: '/',
    name: brand.title,
    short_name: brand.shortTitle,
    description: brand.description,
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: brand.theme.themeColor,
    background_color: brand.theme.backgroundColor,
    icons: brand.icons.map(({ src, sizes, type, purpose }) => ({ src, sizes, type, ...(purpose ? { purpose } : {}) })),
  };
}
