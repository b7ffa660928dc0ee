import { Button, Group } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { User } from '../../../contract/users';
import { ScreenHeading } from '../../components/ScreenHeading';
import { setUser, showSuccess } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { useSignedIn } from '../../lib/use-signed-in';
import { AccountForm } from './AccountForm';
import { updatePayload, userFormFrom } from './user-form';
import { USER_FORM_LABELS, UserForm } from './UserForm';
import { useFormCall } from './use-form-call';
import { UserLoading } from './UserLoading';
import { accountApi } from './api';

export const UPDATED_MESSAGE = 'Account successfully updated';

/** SPEC section 2 Edit Account: the shared form, 'Update Details' and 'Change Password'. */
export function EditAccountScreen() {
  const { user } = useSignedIn();
  return (
    <>
      <ScreenHeading title="Edit Account" />
      {user ? <EditForm user={user} /> : <UserLoading />}
    </>
  );
}

function EditForm({ user }: { user: User }) {
  const brand = useBrand();
  const navigate = useNavigate();
  const [form, setForm] = useState(() => userFormFrom(user));
  const { locked, errors, run, focus } = useFormCall();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(async () => {
      const answer = await accountApi.update({ apiKey: brand.apiKey }, updatePayload(form));
      setUser(answer.data);
      showSuccess(UPDATED_MESSAGE, '/account');
    });
    if (ok) await navigate({ to: '/account' });
  };

  // Sends a reset link to the user's e-mail, then shows the answer at the top of the page.
  const changePassword = async () => {
    await run(async () => {
      const answer = await accountApi.requestPasswordReset({ apiKey: brand.apiKey }, user.email);
      showSuccess(answer.data.message);
    });
    window.scrollTo(0, 0);
  };

  return (
    <AccountForm
      label="Edit Account"
      width={640}
      locked={locked}
      errors={errors}
      labels={USER_FORM_LABELS}
      onSubmit={submit}
    >
      <UserForm
        mode="edit"
        value={form}
        onChange={setForm}
        errors={errors.fields}
        onFocusField={(field) => focus(field)()}
      />
      <Group>
        <Button type="submit" loading={locked}>
          Update Details
        </Button>
        <Button variant="outline" onClick={() => void changePassword()} disabled={locked}>
          Change Password
        </Button>
      </Group>
    </AccountForm>
  );
}
