import { useState } from 'react';
import { clearField, NO_ERRORS, toFormErrors, type FormErrors } from './form-errors';

/** A form's submit state: locked while the call runs, its errors after, a field's error cleared on focus. */
export function useFormCall() {
  const [locked, setLocked] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const run = async (call: () => Promise<void>): Promise<boolean> => {
    if (locked) return false;
    setLocked(true);
    setErrors(NO_ERRORS);
    try {
      await call();
      return true;
    } catch (error) {
      setErrors(toFormErrors(error));
      return false;
    } finally {
      setLocked(false);
    }
  };
  const focus = (field: string) => () => setErrors((current) => clearField(current, field));
  return { locked, errors, setErrors, run, focus };
}
