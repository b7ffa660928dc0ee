import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link, useMatches } from '@tanstack/react-router';

const HOME_CRUMB = { label: 'Plan your journey', to: '/' };

/**
 * The trail comes from route metadata (staticData.breadcrumb); Home starts every trail. The
 * server's first paint of Results draws its trail too (src/server/web/brand-html.ts).
 */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .filter((match) => match.staticData.breadcrumb)
    .map((match) => ({ label: match.staticData.breadcrumb!, to: match.pathname }));
  if (crumbs[0]?.to !== '/') crumbs.unshift(HOME_CRUMB);
  const unique = crumbs.filter((crumb, index) => crumbs.findIndex((other) => other.to === crumb.to) === index);
  if (unique.length < 2) return null;
  const last = unique.length - 1;
  return (
    <nav aria-label="Breadcrumb" className="no-print">
      <MantineBreadcrumbs separator="›" mb="md" styles={{ root: { flexWrap: 'wrap' } }}>
        {unique.map((crumb, index) =>
          index === last ? (
            <Text key={crumb.to} size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ) : (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
