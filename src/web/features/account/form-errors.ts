/**
 * SPEC sections 5 and 8: a failed call shows each field's first message, or, with no field
 * errors, the server's general message as the default error.
 */
import { ApiRequestError } from '../../lib/api';

export interface FormErrors {
  /** Field name to its first message. */
  fields: Record<string, string>;
  /** The default error, shown only when no field has one. */
  general: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, general: null };
export const CORRECT_ERRORS_TITLE = 'Please correct the following errors';

export function toFormErrors(error: unknown): FormErrors {
  if (error instanceof ApiRequestError) {
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.errors ?? {})) {
      const first = Array.isArray(messages)
        ? messages.find((message) => typeof message === 'string' && message)
        : undefined;
      if (first) fields[field] = first;
    }
    return Object.keys(fields).length > 0 ? { fields, general: null } : { fields, general: error.message };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return { fields: {}, general: 'The server took too long to answer. Please try again.' };
  return { fields: {}, general: 'We could not reach the server. Check your connection and try again.' };
}

/** A field's error clears when it gets focus. */
export function clearField(errors: FormErrors, field: string): FormErrors {
  if (!(field in errors.fields)) return errors;
  const fields = { ...errors.fields };
  delete fields[field];
  return { ...errors, fields };
}

/** DD-MM-YYYY from the API's YYYY-MM-DD; anything else is shown as it came. */
export function formatDob(dob: string | null): string {
  const match = dob ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : (dob ?? '');
}
