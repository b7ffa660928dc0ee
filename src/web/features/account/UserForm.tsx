import { Anchor, Checkbox, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TITLES } from '../../../vocabulary/index';
import { PassesFields } from '../../components/PassesFields';
import { passesErrors, type UserFormState } from './user-form';

export const USER_FORM_LABELS: Record<string, string> = {
  title: 'Title',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email Address',
  country_code_phone_number: 'Country Code',
  phone_number: 'Phone Number',
  dob: 'Date of Birth',
  password: 'Password',
  password_confirmation: 'Confirm Password',
  accepts_terms: 'Terms and Conditions',
  'profile.has_car_access': 'Car Access',
  'profile.has_concessionary_pass': 'Concessionary Pass',
  'profile.railcard': 'Railcard',
  'profile.has_young_scot_card': 'Young Scot Card',
  'profile.has_new_young_scot_card': 'New Young Scot Card',
};

type TextField =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'country_code_phone_number'
  | 'phone_number'
  | 'dob'
  | 'password'
  | 'password_confirmation';

/** The shared user form (SPEC section 2): Create Account adds e-mail, passwords and terms; Edit Account shows the e-mail locked. */
export function UserForm(props: {
  mode: 'register' | 'edit';
  value: UserFormState;
  onChange: (value: UserFormState) => void;
  errors: Record<string, string>;
  onFocusField: (field: string) => void;
}) {
  const { mode, value, onChange, errors, onFocusField } = props;
  const text = (
    field: TextField,
    extra: { type?: string; autoComplete?: string; required?: boolean; readOnly?: boolean } = {},
  ) => ({
    label: USER_FORM_LABELS[field],
    value: value[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ ...value, [field]: event.currentTarget.value }),
    onFocus: () => onFocusField(field),
    error: errors[field],
    ...extra,
  });
  return (
    <Stack>
      <NativeSelect
        label={USER_FORM_LABELS.title}
        data={[{ value: '', label: 'Choose a title' }, ...TITLES.map((title) => ({ value: title, label: title }))]}
        value={value.title}
        onChange={(event) => onChange({ ...value, title: event.currentTarget.value })}
        onFocus={() => onFocusField('title')}
        error={errors.title}
      />
      <Group grow align="flex-start">
        <TextInput {...text('first_name', { autoComplete: 'given-name', required: true })} />
        <TextInput {...text('last_name', { autoComplete: 'family-name', required: true })} />
      </Group>
      <TextInput
        {...text('email', { type: 'email', autoComplete: 'email', required: true, readOnly: mode === 'edit' })}
      />
      <Group grow align="flex-start">
        <TextInput {...text('country_code_phone_number', { autoComplete: 'tel-country-code' })} maw={140} />
        <TextInput {...text('phone_number', { type: 'tel', autoComplete: 'tel-national' })} />
      </Group>
      <TextInput {...text('dob', { type: 'date', autoComplete: 'bday', required: true })} />
      {mode === 'register' && (
        <>
          <PasswordInput {...text('password', { autoComplete: 'new-password', required: true })} />
          <PasswordInput {...text('password_confirmation', { autoComplete: 'new-password', required: true })} />
        </>
      )}
      <PassesFields
        value={value.passes}
        onChange={(passes) => onChange({ ...value, passes })}
        errors={passesErrors(errors)}
        onFocusField={(field) =>
          onFocusField(
            field === 'has_access_to_car'
              ? 'profile.has_car_access'
              : field === 'railcard_type' || field === 'has_railcard'
                ? 'profile.railcard'
                : `profile.${field}`,
          )
        }
      />
      {mode === 'register' && (
        <Checkbox
          checked={value.accepts_terms}
          onChange={(event) => onChange({ ...value, accepts_terms: event.currentTarget.checked })}
          onFocus={() => onFocusField('accepts_terms')}
          error={errors.accepts_terms}
          label={
            <>
              I am aged 12 or over and accept the{' '}
              <Anchor component={Link} to="/terms-and-conditions">
                Terms and Conditions
              </Anchor>
            </>
          }
        />
      )}
    </Stack>
  );
}
