// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { brandSchema, mergeBrandConfig, type Brand } from '../../../../src/contract/brand';
import { BrandProvider } from '../../../../src/web/lib/brand';
import {
  AboutPage,
  AccessibilityStatementPage,
  ContactPage,
  CookiePolicyPage,
  HearMorePage,
  PrivacyPolicyPage,
  SiteMapPage,
  TermsPage,
} from '../../../../src/web/features/pages';

const brandsDir = path.resolve(__dirname, '../../../../brands');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(brandsDir, file), 'utf8'));
const loadBrand = (key: string): Brand =>
  brandSchema.parse(mergeBrandConfig(readJson('default.json'), readJson(`${key}/brand.json`)));

const regional = loadBrand('regional');
const health = loadBrand('health');
const council = loadBrand('council');

function renderPage(Page: ComponentType, brand: Brand) {
  return render(
    <MantineProvider>
      <BrandProvider brand={brand}>
        <Page />
      </BrandProvider>
    </MantineProvider>,
  );
}

afterEach(() => cleanup());

const PAGES: Array<{ Page: ComponentType; h1: (b: Brand) => string; docTitle: string }> = [
  { Page: AboutPage, h1: (b) => `About ${b.title}`, docTitle: 'About' },
  { Page: PrivacyPolicyPage, h1: () => 'Privacy policy', docTitle: 'Privacy policy' },
  { Page: HearMorePage, h1: () => 'Hear more', docTitle: 'Hear more' },
  { Page: TermsPage, h1: () => 'Terms and conditions', docTitle: 'Terms and conditions' },
  { Page: ContactPage, h1: () => 'Contact us', docTitle: 'Contact us' },
  { Page: CookiePolicyPage, h1: () => 'Cookie policy', docTitle: 'Cookie policy' },
  { Page: SiteMapPage, h1: () => 'Site map', docTitle: 'Site map' },
  {
    Page: AccessibilityStatementPage,
    h1: (b) => `Accessibility statement for ${b.title}`,
    docTitle: 'Accessibility statement',
  },
];

describe.each([regional, health])('static pages for the $key brand', (brand) => {
  it.each(PAGES)(
    '$docTitle has one h1, headings in order, the brand name and a document title',
    ({ Page, h1, docTitle }) => {
      const { container } = renderPage(Page, brand);
      const h1s = screen.getAllByRole('heading', { level: 1 });
      expect(h1s).toHaveLength(1);
      expect(h1s[0]!.textContent).toBe(h1(brand));
      expect(document.title).toBe(`${docTitle} | ${brand.title}`);
      expect(container.textContent).toContain(brand.title);

      // No heading skips a level on the way down.
      const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
      levels.reduce((previous, level) => {
        expect(level - previous).toBeLessThanOrEqual(1);
        return level;
      });

      // Links that open a new tab say so, and are protected from the opened page.
      for (const link of container.querySelectorAll('a[target="_blank"]')) {
        expect(link.textContent).toMatch(/\(opens in a new tab\)$/);
        expect(link.getAttribute('rel')).toContain('noopener');
      }
    },
  );

  it('restores the previous document title when a page goes', () => {
    document.title = 'Before';
    const { unmount } = renderPage(AboutPage, brand);
    expect(document.title).toBe(`About | ${brand.title}`);
    unmount();
    expect(document.title).toBe('Before');
  });

  it('Terms has exactly 15 numbered sections, in order', () => {
    renderPage(TermsPage, brand);
    const numbered = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent ?? '')
      .filter((text) => /^\d+\. /.test(text));
    expect(numbered).toHaveLength(15);
    expect(numbered.map((text) => Number.parseInt(text, 10))).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const sections = screen.getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL');
    expect(sections).toHaveLength(15);
    const text = document.body.textContent ?? '';
    expect(text).toContain('third-party transport providers');
    expect(text).toContain('Estimated prices include VAT');
    expect(text).toContain('the higher of the price you paid for that journey and the price we quoted');
    expect(text).toContain('law of Scotland');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'cookie policy' }).getAttribute('href')).toBe('/cookie-policy');
  });

  it('Cookie policy lists only what the product stores: the token, the banner choice, the offline cache, the service worker', () => {
    renderPage(CookiePolicyPage, brand);
    const text = document.body.textContent ?? '';
    // Issue 21: no anti-forgery or session cookie exists, and no analytics service is integrated.
    for (const absent of ['XSRF-TOKEN', 'drover_session', '_ga', 'Google Analytics'])
      expect(text).not.toContain(absent);
    const essential = screen.queryByRole('table', { name: 'Essential cookies' });
    expect(essential?.textContent?.includes('user-token') ?? false).toBe(brand.enableUserAccounts);
    if (essential) expect(essential.textContent).toContain('End of session');
    const device = screen.getByRole('table', { name: 'Stored on your device' });
    for (const name of ['drover.cookie-consent', 'drover.visitor-id', 'drover-query-cache', 'Service worker'])
      expect(device.textContent).toContain(name);
    expect(text).toContain('We use no analytics service, so no analytics cookies are set.');

    const address = document.querySelector('address');
    expect(address?.textContent).toContain(brand.owner.name);
    expect(address?.textContent).toContain(brand.contactEmail);
  });

  it('a brand that configures analytics and error reporting has them listed from its configuration', () => {
    const configured: Brand = {
      ...brand,
      analytics: {
        provider: 'Plausible Analytics',
        retention: '24 months',
        cookies: [{ name: '_pa', purpose: 'Counts visits.', duration: '1 year' }],
      },
      errorReporting: { provider: 'Sentry', retention: '90 days' },
    };
    renderPage(CookiePolicyPage, configured);
    expect(screen.getByRole('table', { name: 'Third-party analytics cookies' }).textContent).toContain('_pa');
    cleanup();
    renderPage(PrivacyPolicyPage, configured);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Plausible Analytics receives usage and device information');
    expect(text).toContain('sent to Sentry');
    expect(text).toContain('Crash and error reports: 90 days.');
    cleanup();
    renderPage(PrivacyPolicyPage, brand);
    expect(document.body.textContent).not.toMatch(/Google Analytics|error-reporting provider|Analytics data:/);
  });

  it("a third party's advert banner is named as another website; the brand's own house advert is not", () => {
    for (const Page of [CookiePolicyPage, AccessibilityStatementPage]) {
      renderPage(Page, {
        ...brand,
        advertBanner: { src: 'https://adverts.example.org/banner', title: 'Local bus offers' },
      });
      expect(document.body.textContent).toMatch(/from another website/);
      cleanup();
      renderPage(Page, { ...brand, advertBanner: loadBrand('citybus').advertBanner });
      expect(document.body.textContent).not.toMatch(/another website/);
      cleanup();
    }
  });

  it('Privacy policy has every section the specification lists', () => {
    renderPage(PrivacyPolicyPage, brand);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(
      expect.arrayContaining([
        'How we use your information',
        'Types of information we create',
        'Third parties who receive your information',
        'How long we keep your information',
        'Your rights',
        'Our legal basis',
        'Contact us',
      ]),
    );
    const text = document.body.textContent ?? '';
    for (const phrase of ['Location information', 'Device information', 'Log information', 'Usage information']) {
      expect(text).toContain(phrase);
    }
    for (const phrase of ['Search partners', 'Help centre', 'Analytics', 'Crash and error reporting', 'Messaging']) {
      expect(text).toContain(phrase);
    }
    expect(text).toContain("Information Commissioner's Office");
    expect(text).toContain('consent');
  });

  it("Contact us shows the brand's support e-mail as a mail link, the support link and the contact e-mail", () => {
    renderPage(ContactPage, brand);
    const support = screen.getByRole('link', { name: brand.supportEmail });
    expect(support.getAttribute('href')).toMatch(new RegExp(`^mailto:${brand.supportEmail}`));
    const helpCentre = screen.getByRole('link', { name: /help centre \(opens in a new tab\)/ });
    expect(helpCentre.getAttribute('href')).toBe(brand.supportLink);
    expect(screen.getByRole('link', { name: brand.contactEmail }).getAttribute('href')).toBe(
      `mailto:${brand.contactEmail}`,
    );
  });

  it('Hear more links to the help centre and shows app-store links only when the brand has them', () => {
    renderPage(HearMorePage, brand);
    expect(screen.getByRole('link', { name: /help centre/ }).getAttribute('href')).toBe(brand.supportLink);
    expect(screen.queryByRole('link', { name: /App Store/ }) !== null).toBe(brand.appStoreLinks.ios !== null);
  });

  it('Accessibility statement names the standard, the EHRC and its preparation date', () => {
    renderPage(AccessibilityStatementPage, brand);
    const text = document.body.textContent ?? '';
    expect(text).toContain('WCAG');
    expect(text).toContain('2.2');
    expect(text).toContain('Equality and Human Rights Commission');
    expect(text).toContain('22 November 2026');
    expect(screen.getAllByRole('link', { name: brand.supportEmail }).length).toBeGreaterThan(0);
  });
});

describe('site map', () => {
  const hrefs = () => screen.getAllByRole('link').map((a) => a.getAttribute('href'));
  const STATIC = [
    '/',
    '/about',
    '/privacy-policy',
    '/hear-more',
    '/terms-and-conditions',
    '/contact-us',
    '/cookie-policy',
    '/site-map',
    '/statement',
  ];
  const ACCOUNT = ['/login', '/register', '/account', '/searches'];

  it('lists the static pages and the account pages for a brand with accounts (regional)', () => {
    renderPage(SiteMapPage, regional);
    expect(hrefs()).toEqual(expect.arrayContaining([...STATIC, ...ACCOUNT]));
    // Nested: the pages hang under Home.
    const home = screen.getByRole('link', { name: /^Home/ }).closest('li');
    expect(home?.querySelector('ul a[href="/about"]')).not.toBeNull();
  });

  it('lists no account pages for a brand without accounts (health)', () => {
    renderPage(SiteMapPage, health);
    expect(hrefs()).toEqual(expect.arrayContaining(STATIC));
    for (const path of ACCOUNT) expect(hrefs()).not.toContain(path);
  });
});

describe('modes a brand blocks', () => {
  it('are not described as offered (council blocks taxi, own car and cycle)', () => {
    renderPage(AboutPage, council);
    const whatItDoes = screen.getByRole('heading', { name: 'What it does' }).parentElement!;
    expect(whatItDoes.textContent).not.toMatch(/taxi|own car|cycling/);
    cleanup();
    renderPage(TermsPage, council);
    const estimated = screen.getByRole('heading', { name: '6. Estimated prices' }).parentElement!;
    expect(estimated.textContent).not.toMatch(/taxi|own car/);
    expect(estimated.textContent).toContain('a car club or bike hire');
  });
});
