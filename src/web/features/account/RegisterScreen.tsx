import { Button, Paper, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { apiPost } from '../../lib/api';
import { showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { ErrorSummary } from './Banners';
import { emptyUserForm, eligibilityErrors, registerPayload } from './user-form';
import { USER_FORM_LABELS, UserForm } from './UserForm';
import { useFormCall } from './use-form-call';

/** SPEC section 2 Create Account: the user form, terms, and Register; success shows the server's message and goes Home. */
export function RegisterScreen() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyUserForm);
  const { locked, errors, setErrors, run, focus } = useFormCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ineligible = eligibilityErrors(form);
    if (Object.keys(ineligible).length > 0) return setErrors({ fields: ineligible, general: null });
    const ok = await run(async () => {
      const answer = await apiPost<{ data: { message: string } }>('/v1/users/register', { apiKey: brand.apiKey }, registerPayload(form));
      showSuccess(answer.data.message);
    });
    if (ok) await navigate({ to: '/' });
  };

  return (
    <>
      <ScreenHeading title="Create Account" />
      <Paper component="form" withBorder p="md" maw={640} aria-label="Create Account" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} labels={USER_FORM_LABELS} />
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <UserForm mode="register" value={form} onChange={setForm} errors={errors.fields} onFocusField={(field) => focus(field)()} />
            <Button type="submit" loading={locked}>
              Register
            </Button>
          </Stack>
        </fieldset>
      </Paper>
    </>
  );
}
