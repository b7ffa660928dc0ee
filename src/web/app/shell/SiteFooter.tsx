import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useBrand } from '../../lib/brand';

export function SiteFooter() {
  const brand = useBrand();
  return (
    <Box component="footer" bg="dark.7" c="white" py="lg" className="no-print">
      <Container size="lg">
        <Group component="nav" aria-label="Footer" gap="lg" mb="sm">
          <Anchor component={Link} to="/terms-and-conditions" c="white" size="sm">
            Terms &amp; Conditions
          </Anchor>
          <Anchor component={Link} to="/privacy-policy" c="white" size="sm">
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to="/cookie-policy" c="white" size="sm">
            Cookie Policy
          </Anchor>
          <Anchor component={Link} to="/statement" c="white" size="sm">
            Accessibility
          </Anchor>
          <Anchor component={Link} to="/contact-us" c="white" size="sm">
            Contact us
          </Anchor>
          <Anchor component={Link} to="/site-map" c="white" size="sm">
            Site map
          </Anchor>
        </Group>
        <Text size="xs">
          {brand.title} is run by {brand.owner.name}. Contains National Rail Enquiries data, OS data © Crown copyright
          and database right, and © OpenStreetMap contributors.
        </Text>
      </Container>
    </Box>
  );
}
