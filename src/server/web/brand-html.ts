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

/** What a page request adds to the brand: its route's chunks and the first paint for its path. */
export interface PageExtras {
  /** Route chunks to fetch beside the main script (route-preload.ts). */
  scripts?: string[];
  /**
   * The routes' style sheets, applied from the start (after the main one, where the app's loader
   * would add them): added by the app once its chunk arrived, each restyled the whole page, one
   * long task on a phone. The app's loader sees them in place and does not add them again.
   */
  styles?: string[];
  /** The first paint: the header alone, or with Home's heading and lead, or Results' heading. */
  firstPaint?: FirstPaint;
  /** The header logo as a data: URL, so the first paint needs no further request. */
  logoDataUrl?: string;
}

export type FirstPaint = 'header' | 'home' | 'results';

/** Headings as the screens draw them (src/web/routes/index.tsx, features/results/ResultsScreen.tsx). */
export const HOME_HEADING = 'Plan your journey';
export const RESULTS_HEADING = 'Journey results';

/** The first paint for a page path (the service worker's app shell, no path, gets the header alone). */
export function firstPaintFor(pathname: string | undefined): FirstPaint {
  if (pathname === '/') return 'home';
  if (pathname !== undefined && /^\/search\/[^/]+\/results\/?$/.test(pathname)) return 'results';
  return 'header';
}

/** Texts as the shell draws them (src/web/app/shell/UpdatesStrip.tsx, TopBar.tsx, Breadcrumbs.tsx); the strip's are the brand's. */
const RESULTS_CRUMB = 'Select journey option';

/** The colour Mantine gives links: the brand's primary colour at the theme's shade (theme.ts). */
function linkColour(brand: Brand): string {
  return brand.theme.colors[brand.theme.primaryColor]?.[6] ?? brand.theme.themeColor;
}

/**
 * Drawn from the HTML before the app's script has run (the script is most of a phone's first
 * seconds), then replaced by the app's first render: the updates strip, the brand's header with
 * the account links (as a visitor who is not signed in sees them) and, on Home, the heading and
 * lead, on Results the breadcrumbs and heading, sized as the app draws them (global.css
 * `.first-paint`) so nothing jumps when the app takes over. Its links work before the app runs.
 */
function firstPaint(brand: Brand, kind: FirstPaint, logo: string): string {
  const strip = brand.showUpdatesFooter
    ? `<div class="first-paint-strip"><p class="first-paint-container">${escapeHtml(brand.updatesText)} ` +
      `<a href="${escapeHtml(brand.updatesLink)}" target="_blank" rel="noopener noreferrer">${escapeHtml(brand.updatesLinkText)} (opens in a new tab)</a></p></div>`
    : '';
  const account = brand.enableUserAccounts
    ? `<nav class="first-paint-account" aria-label="Account"><a href="/login">Sign in</a><a href="/register">Register</a></nav>`
    : '';
  const header =
    `<header class="first-paint-bar" style="border-bottom-color:${escapeHtml(brand.theme.themeColor)}">` +
    `<div class="first-paint-container first-paint-row"><a href="/" class="first-paint-logo"><img src="${escapeHtml(logo)}" alt="${escapeHtml(brand.title)}" height="44" fetchpriority="high"></a>${account}</div></header>`;
  const crumbs = brand.showBreadcrumbs
    ? `<nav class="first-paint-crumbs" aria-label="Breadcrumb"><a href="/">${HOME_HEADING}</a><span aria-hidden="true">›</span><span aria-current="page">${RESULTS_CRUMB}</span></nav>`
    : '';
  const main = (inner: string) => `<main class="first-paint-container first-paint-main">${inner}</main>`;
  const screen =
    kind === 'home'
      ? main(`<h1>${HOME_HEADING}</h1><p>${escapeHtml(brand.description)}</p>`)
      : kind === 'results'
        ? main(`${crumbs}<h1>${RESULTS_HEADING}</h1>`)
        : '';
  return `<div class="first-paint" style="--first-paint-link:${escapeHtml(linkColour(brand))}">${strip}${header}${screen}</div>`;
}

export function injectBrand(html: string, brand: Brand, page: PageExtras = {}): string {
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
    ...(page.scripts ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ].join('\n    ');
  const config = `<script id="${BRAND_SCRIPT_ID}" type="application/json">${scriptSafeJson(brand)}</script>`;
  const routeStyles = (page.styles ?? [])
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">\n  `)
    .join('');
  const filled = html
    .replace('<!--brand-head-->', head)
    .replace('</head>', `${routeStyles}</head>`)
    .replace('<!--brand-config-->', config);
  return page.firstPaint
    ? filled.replace(
        '<div id="root"></div>',
        `<div id="root">${firstPaint(brand, page.firstPaint, page.logoDataUrl ?? brand.navbarLogo)}</div>`,
      )
    : filled;
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
