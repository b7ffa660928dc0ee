/** The static information pages (SPEC section 2 "Static pages"); the router renders them at their paths. */
export { AboutPage } from './AboutPage';
export { AccessibilityStatementPage } from './AccessibilityStatementPage';
export { ContactPage } from './ContactPage';
export { CookiePolicyPage } from './CookiePolicyPage';
export { HearMorePage } from './HearMorePage';
export { PrivacyPolicyPage } from './PrivacyPolicyPage';
export { SiteMapPage, siteMapEntries, type SiteMapEntry } from './SiteMapPage';
export { TermsPage } from './TermsPage';
export { formatPageTitle, usePageTitle } from '../../components/page-title';
