import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { ScreenHeading } from '../../components/ScreenHeading';
import { showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { AccountForm } from './AccountForm';
import { emptyUserForm, registerErrors, registerPayload } from './user-form';
import { USER_FORM_LABELS, UserForm } from './UserForm';
import { useFormCall } from './use-form-call';
import { accountApi } from './api';

/** SPEC section 2 Create Account: the user form, terms, and Register; success shows the server's message and goes Home. */
export function RegisterScreen() {
  const brand = useBrand();
  const navigate = useNavigate();
  const [form, setForm] = useState(emptyUserForm);
  const { locked, errors, setErrors, run, focus } = useFormCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = registerErrors(form);
    if (Object.keys(problems).length > 0) return setErrors({ fields: problems, general: null });
    const ok = await run(async () => {
      const answer = await accountApi.register({ apiKey: brand.apiKey }, registerPayload(form));
      showSuccess(answer.data.message, '/');
    });
    if (ok) await navigate({ to: '/' });
  };

  return (
    <>
      <ScreenHeading title="Create Account" />
      <AccountForm
        label="Create Account"
        width={640}
        locked={locked}
        errors={errors}
        labels={USER_FORM_LABELS}
        onSubmit={submit}
      >
        <UserForm
          mode="register"
          value={form}
          onChange={setForm}
          errors={errors.fields}
          onFocusField={(field) => focus(field)()}
        />
        <Button type="submit" loading={locked}>
          Register
        </Button>
      </AccountForm>
    </>
  );
}
