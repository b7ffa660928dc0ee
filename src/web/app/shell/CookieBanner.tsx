import { Anchor, Button, Container, Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { acceptCookies, hasAcceptedCookies } from '../../lib/cookies';

export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAcceptedCookies);
  if (accepted) return null;
  return (
    <Paper
      component="section"
      aria-label="Cookie notice"
      shadow="lg"
      radius={0}
      p="md"
      className="no-print"
      style={{ position: 'sticky', bottom: 0, zIndex: 200, borderTop: '1px solid var(--mantine-color-gray-4)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            This website uses cookies to ensure you get the best experience.{' '}
            <Anchor component={Link} to="/cookie-policy" inherit>
              Read our cookie policy
            </Anchor>
          </Text>
          <Button
            onClick={() => {
              acceptCookies();
              setAccepted(true);
            }}
          >
            Accept Cookies
          </Button>
        </Group>
      </Container>
    </Paper>
  );
}
