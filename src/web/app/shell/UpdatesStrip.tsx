import { Anchor, Box, Container, Text } from '@mantine/core';
import { useBrand } from '../../lib/brand';

/**
 * The updates strip: the brand's wording and link (brand.json updatesText, updatesLinkText,
 * updatesLink). The server's first paint draws it too (src/server/web/brand-html.ts,
 * global.css): change both together.
 */
export function UpdatesStrip() {
  const brand = useBrand();
  return (
    <Box bg="dark.8" c="white" py={6} className="no-print">
      <Container size="lg">
        <Text size="sm">
          {brand.updatesText}{' '}
          <Anchor
            href={brand.updatesLink}
            target="_blank"
            rel="noopener noreferrer"
            c="white"
            fw={700}
            underline="always"
            inherit
          >
            {brand.updatesLinkText} (opens in a new tab)
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}
