/**
 * SPEC section 6: the anonymous visitor's random identifier. A random UUID kept in local
 * storage and sent with anonymous API calls, so the server can tell one visitor's 'viewed'
 * calls and searches from another's without knowing who they are. It identifies a browser,
 * so it is created only once the visitor has accepted cookies (the Cookie page lists it).
 */
import { hasAcceptedCookies } from './cookies';

export const VISITOR_KEY = 'drover.visitor-id';
export const VISITOR_HEADER = 'X-Visitor-Id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** This browser's visitor identifier, created on first use; null before consent or without storage. */
export function visitorId(): string | null {
  if (!hasAcceptedCookies()) return null;
  try {
    const stored = localStorage.getItem(VISITOR_KEY);
    if (stored && UUID.test(stored)) return stored;
    const fresh = crypto.randomUUID();
    localStorage.setItem(VISITOR_KEY, fresh);
    return fresh;
  } catch {
    return null;
  }
}
