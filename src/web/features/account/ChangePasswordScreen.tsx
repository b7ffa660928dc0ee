import { Alert, Button, PasswordInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { AccountForm } from './AccountForm';
import { useFormCall } from './use-form-call';
import { accountApi } from './api';

const LABELS = { password: 'Enter New Password', password_confirmation: 'Confirm New Password' };

/** SPEC section 2 Change Password: the new password twice, sent with the code from the query; success goes to Login. */
export function ChangePasswordScreen({ code }: { code: string | undefined }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { locked, errors, run, focus } = useFormCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) return;
    const ok = await run(async () => {
      const answer = await accountApi.resetPassword({ apiKey: brand.apiKey }, code, {
        password,
        password_confirmation: confirmation,
      });
      showSuccess(answer.data.message, '/login');
    });
    if (ok) await navigate({ to: '/login' });
  };

  return (
    <>
      <ScreenHeading title="Change Password" />
      {!code && (
        <Alert color="red" role="alert" mb="md">
          This link has no reset code. Open the link from the e-mail again, or ask for a new one with Forgot Password.
        </Alert>
      )}
      <AccountForm label="Change Password" locked={locked || !code} errors={errors} labels={LABELS} onSubmit={submit}>
        <PasswordInput
          label={LABELS.password}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onFocus={focus('password')}
          error={errors.fields.password}
        />
        <PasswordInput
          label={LABELS.password_confirmation}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          onFocus={focus('password_confirmation')}
          error={errors.fields.password_confirmation}
        />
        <Button type="submit" loading={locked}>
          Submit
        </Button>
      </AccountForm>
    </>
  );
}
