import { Alert, Anchor, Loader } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { toFormErrors } from './form-errors';
import { accountApi } from './api';

/**
 * One POST per code for the page's life: the screen can be drawn twice for one visit (the shell
 * re-keys it as the router settles the address; React runs effects twice in development), and a
 * second POST of a used code answered 409 in the console (issue 32).
 */
const activations = new Map<string, Promise<string>>();

/** Forgets the codes posted (tests). */
export const forgetActivations = () => activations.clear();

function activateOnce(apiKey: string, code: string): Promise<string> {
  let answer = activations.get(code);
  if (!answer) {
    answer = accountApi.activate({ apiKey }, code).then((reply) => reply.data.message);
    activations.set(code, answer);
  }
  return answer;
}

/** SPEC section 2 Activation: sends the code from the query, then goes to Login with the server's message. */
export function ActivationScreen({ code }: { code: string | undefined }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    code ? null : 'This activation link has no code. Open the link from the e-mail again.',
  );

  useEffect(() => {
    if (!code) return;
    let current = true;
    activateOnce(brand.apiKey, code)
      .then(async (message) => {
        if (!current) return;
        showSuccess(message, '/login');
        await navigate({ to: '/login' });
      })
      .catch((failure: unknown) => {
        if (!current) return;
        const errors = toFormErrors(failure);
        setError(errors.general ?? Object.values(errors.fields)[0] ?? null);
      });
    return () => {
      current = false;
    };
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
