import { Box, Stack, Title } from '@mantine/core';

import { useBrand } from '../../lib/brand';
import { LAST_UPDATED } from './facts';
import { StaticPage } from './layout';
import { termsSections } from './termsSections';

export function TermsPage() {
  const brand = useBrand();
  const sections = termsSections(brand);
  return (
    <StaticPage
      title="Terms and conditions"
      lastUpdated={LAST_UPDATED}
      lead={`The terms for using ${brand.title}. They are in ${sections.length} numbered sections.`}
    >
      {/* An ordered list for structure; the numbers are in the headings, so the list markers are hidden. */}
      <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section, index) => (
          <Stack component="li" key={section.title} gap="sm" mb="lg">
            <Title order={2}>
              {index + 1}. {section.title}
            </Title>
            {section.body}
          </Stack>
        ))}
      </Box>
    </StaticPage>
  );
}
