import { Anchor, Box, Container, Text } from '@mantine/core';
import { useBrand } from '../../lib/brand';

/**
 * The COVID-19 updates strip, linking to the national transport site. The server's first paint
 * draws it too (src/server/web/brand-html.ts, global.css): change both together.
 */
export function UpdatesStrip() {
  const brand = useBrand();
  return (
    <Box bg="dark.8" c="white" py={6} className="no-print">
      <Container size="lg">
        <Text size="sm">
          COVID-19: before you travel, check the{' '}
          <Anchor
            href={brand.updatesLink}
            target="_blank"
            rel="noopener noreferrer"
            c="white"
            fw={700}
            underline="always"
            inherit
          >
            latest travel updates (opens in a new tab)
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}
