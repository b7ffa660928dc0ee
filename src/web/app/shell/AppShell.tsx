/**
 * The shell of SPEC section 2: top bar, skip link, breadcrumbs, the routed screen keyed
 * on the full path, optional help block and updates strip, footer and cookie banner.
 */
import { Box, Container } from '@mantine/core';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
// The shell's pieces of features straight from their modules, not the features' index files:
// through an index the bundler keeps every screen it lists in the first-load chunk.
import { AuthStart } from '../../features/account/AuthStart';
import { CampaignPopup } from '../../features/campaign/CampaignPopup';
import { campaignPlaceFor } from '../../features/campaign/rules';
import { ForgetListsOnSignOut } from '../../features/searches/lists';
import { SavedJourneysOffline } from '../../features/searches/saved-offline';
import { useBrand } from '../../lib/brand';
import { noteScreen } from '../../components/screen-arrival';
import { screenKeyOf } from '../../lib/screen-key';
import { Breadcrumbs } from './Breadcrumbs';
import { CookieBanner } from './CookieBanner';
import { NeedHelp } from './NeedHelp';
import { OfflineBanner } from './OfflineBanner';
import { SiteFooter } from './SiteFooter';
import { TopBar } from './TopBar';
import { UpdatePrompt } from './UpdatePrompt';
import { UpdatesStrip } from './UpdatesStrip';
import { API_PREFIX } from '../../lib/api';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * Screens always taller than the window once drawn, whose content arrives after the first paint
 * (the route's chunk, then the journey): a screen tall from the start, so the footer is never
 * drawn under the header and then pushed down (Lighthouse CLS 0.3 on Journey, issue 32).
 */
const TALL_SCREENS = new Set(['Results', 'Journey']);

export function AppShell() {
  const brand = useBrand();
  const router = useRouter();
  const screenKey = useRouterState({ select: (state) => screenKeyOf(state.location.pathname, state.location.search) });
  // Each screen noted as it is drawn, so the next one's heading can take focus (components/screen-arrival).
  noteScreen(screenKey);
  // The campaign pop-up's place (appear_on) follows the screen's route name.
  const routeName = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.name });

  // Scroll to the top after each navigation to another screen (not on a sort or filter change,
  // nor when a screen updates itself in place under a new address: the health return options).
  const keepScroll = useRouterState({ select: (state) => state.location.state.keepScroll === true });
  useEffect(() => {
    if (!keepScroll) window.scrollTo(0, 0);
    // Only a new screen scrolls; keepScroll is read as of that navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [screenKey]);

  // Plain same-origin links in page content (static pages) navigate in-app, not by reload.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith(API_PREFIX)) return;
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    void router.navigate({ href: url.pathname + url.search + url.hash });
  };

  return (
    <>
      <Box onClick={onClick} style={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={focusMain}>
          Skip to main content
        </a>
        {brand.showUpdatesFooter && <UpdatesStrip />}
        <TopBar />
        <OfflineBanner />
        <UpdatePrompt />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ flex: 1, minHeight: TALL_SCREENS.has(routeName ?? '') ? '100vh' : undefined }}
        >
          <Container size="lg" py="md">
            {brand.showBreadcrumbs && <Breadcrumbs />}
            {/* The auth state and its success banner ('Successfully logged in') on brands with accounts. */}
            {brand.enableUserAccounts && <AuthStart />}
            {brand.enableUserAccounts && <ForgetListsOnSignOut />}
            {brand.enableUserAccounts && <SavedJourneysOffline />}
            {/* Keyed on the screen so each starts fresh, as the SPEC's router view (keyed on the full
              path) does, but not on Results' sort and filters, the screen's own state in the URL: a
              sort must not restart the results stream (nor the health brand's 10 s wait) or close
              the filter and lose the keyboard focus. */}
            <Box key={screenKey}>
              <Outlet />
            </Box>
          </Container>
        </Box>
        {brand.showNeedHelp && <NeedHelp />}
        <SiteFooter />
        <CampaignPopup place={campaignPlaceFor(routeName)} />
      </Box>
      {/* After the screen-tall shell, not inside it: there it took its height from the page when it
        appeared, moving the footer up on a short page (issue 32). Sticky, it still rides the
        bottom of the window until the page's end. */}
      <CookieBanner />
    </>
  );
}

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID);
  main?.focus();
  main?.scrollIntoView();
}
