import { Anchor, Button, Group, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { login } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { ErrorSummary } from './Banners';
import { useFormCall } from './use-form-call';

const LABELS = { username: 'Email Address', password: 'Password' };

/** SPEC section 2 Login: 'Sign in', Email Address and Password, Forgot Password and Register links. */
export function LoginScreen() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { locked, errors, run, focus } = useFormCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(() => login({ username, password }, { apiKey: brand.apiKey }));
    if (ok) await navigate({ to: '/' });
  };

  return (
    <>
      <ScreenHeading title="Sign in" />
      <Paper component="form" withBorder p="md" maw={480} aria-label="Sign in" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} labels={LABELS} />
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <TextInput
              label={LABELS.username}
              type="email"
              autoComplete="email"
              required
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              onFocus={focus('username')}
              error={errors.fields.username}
            />
            <PasswordInput
              label={LABELS.password}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              onFocus={focus('password')}
              error={errors.fields.password}
            />
            <Group justify="space-between">
              <Anchor component={Link} to="/reset-password">
                Forgot Password
              </Anchor>
              <Anchor component={Link} to="/register">
                Register
              </Anchor>
            </Group>
            <Button type="submit" loading={locked}>
              Sign in
            </Button>
          </Stack>
        </fieldset>
      </Paper>
    </>
  );
}
