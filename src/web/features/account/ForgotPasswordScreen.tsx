import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { showSuccess, useAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { ErrorSummary } from './Banners';
import { useFormCall } from './use-form-call';
import { accountApi } from './api';

const LABELS = { email: 'Email Address' };

/** SPEC section 2 Forgot Password: e-mail and Submit; signed in, the e-mail is the user's, locked, and sent on opening. */
export function ForgotPasswordScreen() {
  const brand = useBrand();
  const { user } = useAuth();
  const [typed, setTyped] = useState('');
  const email = user ? user.email : typed;
  const { locked, errors, run, focus } = useFormCall();
  const autoSent = useRef(false);

  const send = (address: string) =>
    run(async () => {
      const answer = await accountApi.requestPasswordReset({ apiKey: brand.apiKey }, address);
      showSuccess(answer.data.message);
    });

  useEffect(() => {
    if (!user || autoSent.current) return;
    autoSent.current = true;
    void send(user.email);
    // Sent once when the signed-in user is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(email);
  };

  return (
    <>
      <ScreenHeading title="Forgot Password" />
      <Paper component="form" withBorder p="md" maw={480} aria-label="Forgot Password" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} labels={LABELS} />
        <Stack>
          <TextInput
            label={LABELS.email}
            type="email"
            autoComplete="email"
            required
            value={email}
            readOnly={Boolean(user)}
            disabled={locked}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onFocus={focus('email')}
            error={errors.fields.email}
          />
          <Button type="submit" loading={locked} disabled={Boolean(user) && locked}>
            Submit
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
