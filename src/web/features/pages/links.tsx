/** Link helpers: external links say that they open a new tab; e-mail links show the address. */
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import type { Brand } from '../../../contract/brand';

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children} (opens in a new tab)
    </Anchor>
  );
}

/** A mailto link whose text is the address itself, optionally with a prefilled subject. */
export function MailLink({ email, subject }: { email: string; subject?: string }) {
  const href = subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
  return <Anchor href={href}>{email}</Anchor>;
}

/** An internal link; the app's router intercepts same-origin clicks on plain hrefs. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return <Anchor href={to}>{children}</Anchor>;
}

/** The owner's postal address and e-mail, as used on the legal pages. */
export function OwnerContact({ brand }: { brand: Pick<Brand, 'owner' | 'contactEmail'> }) {
  return (
    <Text component="address" style={{ fontStyle: 'normal' }}>
      {brand.owner.name}
      <br />
      {addressLines(brand.owner).map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
      E-mail: <MailLink email={brand.contactEmail} />
    </Text>
  );
}

/** The address split into lines, without a repeat of the owner's name when the address starts with it. */
export function addressLines(owner: { name: string; address: string }): string[] {
  const lines = owner.address.split(/,\s*/).filter(Boolean);
  return lines[0] === owner.name ? lines.slice(1) : lines;
}
