import { Alert, Anchor, Loader } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { toFormErrors } from './form-errors';
import { accountApi } from './api';

/** SPEC section 2 Activation: sends the code from the query, then goes to Login with the server's message. */
export function ActivationScreen({ code }: { code: string | undefined }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    code ? null : 'This activation link has no code. Open the link from the e-mail again.',
  );
  // Once per code, even when React runs effects twice in development.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    accountApi
      .activate({ apiKey: brand.apiKey }, code)
      .then(async (answer) => {
        showSuccess(answer.data.message, '/login');
        await navigate({ to: '/login' });
      })
      .catch((failure: unknown) => {
        const errors = toFormErrors(failure);
        setError(errors.general ?? Object.values(errors.fields)[0] ?? null);
      });
  }, [code, brand.apiKey, navigate]);

  return (
    <>
      <ScreenHeading title="Activating your account" />
      {error ? (
        <Alert color="red" role="alert">
          {error}{' '}
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/reset-password">
            reset your password
          </Anchor>
          .
        </Alert>
      ) : (
        <Loader aria-label="Activating your account" />
      )}
    </>
  );
}
