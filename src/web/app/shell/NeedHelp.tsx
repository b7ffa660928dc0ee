import { Anchor, Box, Container, Title, VisuallyHidden } from '@mantine/core';
import { useBrand } from '../../lib/brand';

export function NeedHelp() {
  const brand = useBrand();
  return (
    <Box
      component="aside"
      aria-labelledby="need-help-heading"
      bg="white"
      py="lg"
      className="no-print"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Title order={2} size="h4" id="need-help-heading">
          Need support or advice?{' '}
          <Anchor href={brand.supportLink} target="_blank" rel="noopener noreferrer" inherit>
            Get in touch
            <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Title>
      </Container>
    </Box>
  );
}
