/** The 15 numbered sections of the terms and conditions, worded for the given brand. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { Brand } from '../../../contract/brand';
import { DataAttributions } from './DataAttributions';
import { andList, estimatedPriceModeNames, orList, providerNames } from './facts';
import { MailLink, OwnerContact, PageLink } from './links';

export interface TermsSection {
  title: string;
  body: ReactNode;
}

export function termsSections(brand: Brand): TermsSection[] {
  const name = brand.title;
  const estimated = estimatedPriceModeNames(brand);
  const activeRoutes = brand.blockedTravelTypes.includes('cycle') ? 'Walking' : 'Walking and cycling';
  return [
    {
      title: 'About us and these terms',
      body: (
        <>
          <Text>
            {name} is a journey planner run by {brand.owner.name} ("we", "us"). These terms apply whenever you use{' '}
            {name}, on the web or as an app installed on your device.
          </Text>
          <Text>By using {name} you accept these terms. If you do not accept them, please do not use the service.</Text>
        </>
      ),
    },
    {
      title: 'Using the service',
      body: (
        <Text>
          {name} is free to use. It finds ways to travel between two places, mainly within {brand.region.name}, and
          shows their times, estimated costs and CO2 emissions. Journeys that start or end outside that area are allowed
          but may be less accurate. You may use the service for your own personal, non-commercial travel planning.
        </Text>
      ),
    },
    {
      title: 'Accounts',
      body: brand.enableUserAccounts ? (
        <>
          <Text>
            You can plan journeys without an account. An account lets you save journeys, see your recent searches and
            record passes such as a railcard. To create one you must be 12 or over, give a valid e-mail address and
            accept these terms.
          </Text>
          <Text>
            Keep your password to yourself and tell us at once if you think someone else has used your account. You can
            ask us to close your account at any time.
          </Text>
        </>
      ) : (
        <Text>
          {name} does not offer user accounts: you can use all of it without registering or signing in. Where we offer
          accounts on other services we run, their own terms explain how they work.
        </Text>
      ),
    },
    {
      title: 'Journey information is guidance',
      body: (
        <Text>
          Journey plans are based on timetables, maps and other information from transport operators and data providers.
          Services can be changed, delayed or cancelled at short notice, so treat our plans as guidance and check with
          the operator before you travel, especially for the last service of the day. {activeRoutes} routes may not suit
          everyone; use your own judgement about whether a route is safe for you.
        </Text>
      ),
    },
    {
      title: 'Bookings and payment',
      body: (
        <Text>
          You cannot book or pay for travel on {name}. Bookings and payments are made directly with third-party
          transport providers, such as {andList(providerNames(brand))}. Your contract for the journey is with that
          provider, on its terms, and any refund or complaint about the journey itself is for the provider to deal with.
        </Text>
      ),
    },
    {
      title: 'Estimated prices',
      body: (
        <Text>
          Some journeys have no fixed fare{estimated.length > 0 ? `, for example those using ${orList(estimated)}` : ''}
          . For these we show an estimated price, worked out from typical rates, distance and time. Estimated prices
          include VAT. The price you actually pay is set by the provider and may differ. Fares for other journeys come
          from the operators' published fares and may also change.
        </Text>
      ),
    },
    {
      title: 'Our liability to you',
      body: (
        <>
          <Text>
            Nothing in these terms limits our liability for death or personal injury caused by our negligence, for
            fraud, or for anything else that the law does not allow us to limit. Your legal rights as a consumer are not
            affected.
          </Text>
          <Text>
            Otherwise, if we are responsible for a loss you suffer in connection with a journey planned on {name}, our
            total liability is limited to the higher of the price you paid for that journey and the price we quoted for
            it. We are not responsible for losses that were not foreseeable, for business losses, or for the acts of
            transport providers.
          </Text>
        </>
      ),
    },
    {
      title: 'Links to other websites',
      body: (
        <Text>
          {name} links to websites we do not run, such as operators' booking sites and timetables. We are not
          responsible for their content, availability or how they use your information. Their own terms and privacy
          policies apply.
        </Text>
      ),
    },
    {
      title: 'Availability of the service',
      body: (
        <Text>
          We aim to keep {name} available at all times but cannot promise that it will always be available or free of
          errors. We may suspend or change it, for example for maintenance. Journeys you have already opened stay
          readable on your device without a signal, but new searches need a connection.
        </Text>
      ),
    },
    {
      title: 'Intellectual property and data attributions',
      body: (
        <>
          <Text>
            The design, text and software of {name} belong to us or our licensors. The service uses data from others,
            under their licences:
          </Text>
          <DataAttributions />
        </>
      ),
    },
    {
      title: 'Acceptable use',
      body: (
        <Text>
          Do not misuse {name}: do not try to break into it, overload it, copy its data in bulk with automated tools, or
          use it for anything unlawful. We may block access from anyone who does.
        </Text>
      ),
    },
    {
      title: 'Privacy and cookies',
      body: (
        <Text>
          Our <PageLink to="/privacy-policy">privacy policy</PageLink> explains how we use information about you, and
          our <PageLink to="/cookie-policy">cookie policy</PageLink> explains the cookies we use.
        </Text>
      ),
    },
    {
      title: 'Changes to these terms',
      body: (
        <Text>
          We may update these terms, for example when the service or the law changes. The date at the top of this page
          shows when they last changed. If you keep using {name} after a change, the new terms apply.
        </Text>
      ),
    },
    {
      title: 'Governing law',
      body: (
        <Text>
          These terms are governed by the law of Scotland, and the Scottish courts have jurisdiction over any dispute.
          If you live elsewhere in the UK, you may also bring proceedings in the courts where you live.
        </Text>
      ),
    },
    {
      title: 'Contact us',
      body: (
        <>
          <Text>
            Questions about these terms: e-mail <MailLink email={brand.contactEmail} /> or write to us. For help with
            using {name}, e-mail <MailLink email={brand.supportEmail} />.
          </Text>
          <OwnerContact brand={brand} />
        </>
      ),
    },
  ];
}
