import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { endSession, logout } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { useSignedIn } from '../../lib/use-signed-in';
import { formatDob } from './form-errors';
import { UserLoading } from './UserLoading';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export const SIGN_OUT_EVERYWHERE_FAILED = 'We could not sign you out on your other devices just now. Please try again.';

/**
 * SPEC section 2 Account: name, e-mail, phone if present, date of birth DD-MM-YYYY, 'My Passes',
 * Edit Account and Logout; plus 'Sign out everywhere' (issue 22), which ends every session of
 * the account on the server.
 */
export function AccountScreen() {
  // A token the server refused is cleared by the user fetch; the screen then needs a sign-in.
  const { user } = useSignedIn();
  const navigate = useNavigate();
  const brand = useBrand();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const signOut = async (everywhere: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      await endSession({ apiKey: brand.apiKey }, everywhere);
    } catch {
      // Offline or refused: this device signs out anyway; 'everywhere' must say it did not happen.
      if (everywhere) {
        setFailed(true);
        setBusy(false);
        return;
      }
    }
    // Home first, so useSignedIn does not send the signed-out visitor to Login.
    await navigate({ to: '/' });
    logout();
  };

  if (!user) {
    return (
      <>
        <ScreenHeading title="My account" />
        <UserLoading />
      </>
    );
  }
  const name = [user.title, user.first_name, user.last_name].filter(Boolean).join(' ');
  const phone = user.phone_number
    ? [user.country_code_phone_number, user.phone_number].filter(Boolean).join(' ')
    : null;
  const passes = [
    { title: 'Railcard', value: user.profile.railcard ?? 'None' },
    { title: 'Consessionary Pass', value: yesNo(user.profile.has_concessionary_pass) },
    { title: 'Car Access', value: yesNo(user.profile.has_car_access) },
    { title: 'YoungScot Card', value: yesNo(user.profile.has_young_scot_card) },
  ];

  return (
    <>
      <ScreenHeading title="My account" />
      <Paper withBorder p="md" mb="lg">
        <Stack gap="xs">
          <Detail label="Name" value={name} />
          <Detail label="Email" value={user.email} />
          {phone && <Detail label="Phone" value={phone} />}
          {user.dob && <Detail label="Date of birth" value={formatDob(user.dob)} />}
        </Stack>
      </Paper>
      <Title order={2} size="h3" mb="sm">
        My Passes
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mb="lg" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {passes.map((pass) => (
          <Paper key={pass.title} component="li" withBorder p="md">
            <Text fw={700}>{pass.title}</Text>
            <Text>{pass.value}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group>
        <Anchor component={Link} to="/edit-account">
          Edit Account
        </Anchor>
        <Button variant="outline" onClick={() => void signOut(false)} disabled={busy}>
          Logout
        </Button>
        <Button variant="subtle" onClick={() => void signOut(true)} disabled={busy}>
          Sign out everywhere
        </Button>
      </Group>
      {failed && (
        <Alert color="red" role="alert" mt="md">
          {SIGN_OUT_EVERYWHERE_FAILED}
        </Alert>
      )}
    </>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text>
      <Text span fw={700}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
