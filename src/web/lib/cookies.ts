/** Small cookie and consent helpers for the browser. */
export const USER_TOKEN_COOKIE = 'user-token';
const CONSENT_KEY = 'drover.cookie-consent';

export function readCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export const hasUserToken = () => Boolean(readCookie(USER_TOKEN_COOKIE));

export function hasAcceptedCookies(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

export function acceptCookies(): void {
  try {
    localStorage.setItem(CONSENT_KEY, 'accepted');
  } catch {
    // Private mode without storage: the banner simply returns next visit.
  }
}
