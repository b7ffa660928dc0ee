import { Alert, List } from '@mantine/core';
import { clearSuccess, useAuth } from '../../lib/auth';
import { CORRECT_ERRORS_TITLE, type FormErrors } from './form-errors';

/** The field errors as a 'Please correct the following errors' list, or the default error. */
export function ErrorSummary({ errors, labels }: { errors: FormErrors; labels: Record<string, string> }) {
  const entries = Object.entries(errors.fields);
  if (entries.length > 0) {
    return (
      <Alert color="red" title={CORRECT_ERRORS_TITLE} role="alert" mb="md">
        <List size="sm">
          {entries.map(([field, message]) => (
            <List.Item key={field}>{labels[field] ? `${labels[field]}: ${message}` : message}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (!errors.general) return null;
  return (
    <Alert color="red" role="alert" mb="md">
      {errors.general}
    </Alert>
  );
}

/** The success banner of the auth state; it clears itself after 10 seconds. */
export function SuccessBanner() {
  const { success } = useAuth();
  if (!success) return null;
  return (
    <Alert color="green" role="status" mb="md" withCloseButton closeButtonLabel="Dismiss" onClose={clearSuccess}>
      {success}
    </Alert>
  );
}
