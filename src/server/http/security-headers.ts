/**
 * Security headers on every response (HTML, assets, API, errors). Written by hand
 * rather than with helmet: the policy is short and tied to what the PWA loads.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Brand } from '../../contract/brand';

/**
 * The Content-Security-Policy the built PWA passes:
 * - scripts only from our origin (Vite emits no inline scripts; the brand config is an
 *   inert <script type="application/json">, which CSP does not treat as script);
 * - inline style attributes for Mantine;
 * - maplibre: tile images over https, blob: workers and images;
 * - connect-src only where the app talks to: the API and the realtime socket on this origin
 *   ('self' covers ws:/wss: to it in CSP 3), the brand's map style origin, and Google's Places
 *   API for brands with a Maps key - never any https: or ws: host (issue 22);
 * - the brand's advert banner frame (https) on Results;
 * - Google Places' script only for brands that configure a Maps key.
 */
export function contentSecurityPolicy(brand: Pick<Brand, 'googleMapsKey' | 'mapStyle'>): string {
  const google = brand.googleMapsKey ? ' https://maps.googleapis.com' : '';
  const styleOrigin =
    brand.mapStyle !== 'fallback' && URL.canParse(brand.mapStyle) ? ` ${new URL(brand.mapStyle).origin}` : '';
  const googleApis = brand.googleMapsKey ? ' https://maps.googleapis.com https://places.googleapis.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${google}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${styleOrigin}${googleApis}`,
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    'frame-src https:',
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const STATIC_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Only features Chrome recognises: an unknown one logs a console error (Lighthouse).
  'permissions-policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

const policies = new Map<string, string>();

/** Sets every security header on `reply`; `brand` picks the brand-specific CSP. */
export function applySecurityHeaders(reply: FastifyReply, brand: Brand): void {
  let policy = policies.get(brand.key);
  if (!policy) policies.set(brand.key, (policy = contentSecurityPolicy(brand)));
  reply.header('content-security-policy', policy);
  for (const [name, value] of Object.entries(STATIC_HEADERS)) reply.header(name, value);
}

/** Browsers keep to https for a year once they have seen this over https (never sent over http). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Adds the headers in an onSend hook; `request.brand` picks the brand-specific CSP. HSTS goes
 * out when the request came over https (directly, or per X-Forwarded-Proto with TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance, fallback: Brand): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // A request that failed before onRequest (rare) has no brand yet.
    applySecurityHeaders(reply, (request.brand as Brand | null) ?? fallback);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}
