import { Anchor, Box, Container, Group, Image } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useBrand } from '../../lib/brand';
import { useAuth } from '../../lib/auth';

/** The brand's header. The server's first paint draws it too (src/server/web/brand-html.ts): change both together. */
export function TopBar() {
  const brand = useBrand();
  // The auth store, not the cookie, so the links change the moment the visitor signs in or out.
  const { token } = useAuth();
  const signedIn = brand.enableUserAccounts && Boolean(token);
  return (
    <Box
      component="header"
      bg="white"
      style={{ borderBottom: `4px solid ${brand.theme.themeColor}` }}
      className="no-print"
    >
      <Container size="lg" py="sm">
        {/* On a phone the account links wrap under the logo rather than run off the screen. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {/* Never wider than the screen: a wide logo at 44 px high overflowed a 360 px phone by 6 px. */}
          <Anchor
            component={Link}
            to="/"
            aria-label={`${brand.title} home`}
            style={{ display: 'inline-flex', maxWidth: '100%' }}
          >
            <Image src={brand.navbarLogo} alt="" h={44} w="auto" maw="100%" fit="contain" />
          </Anchor>
          {brand.enableUserAccounts && (
            <Group component="nav" aria-label="Account" gap="md" wrap="nowrap" className="account-nav">
              {signedIn ? (
                <>
                  <Anchor component={Link} to="/searches" fw={600}>
                    My journeys
                  </Anchor>
                  <Anchor component={Link} to="/account" fw={600}>
                    My account
                  </Anchor>
                </>
              ) : (
                <>
                  <Anchor component={Link} to="/login" fw={600}>
                    Sign in
                  </Anchor>
                  <Anchor component={Link} to="/register" fw={600}>
                    Register
                  </Anchor>
                </>
              )}
            </Group>
          )}
        </Group>
      </Container>
    </Box>
  );
}
