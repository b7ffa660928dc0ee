import { Anchor, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { login } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { AccountForm } from './AccountForm';
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
      <AccountForm label="Sign in" locked={locked} errors={errors} labels={LABELS} onSubmit={submit}>
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
      </AccountForm>
    </>
  );
}
