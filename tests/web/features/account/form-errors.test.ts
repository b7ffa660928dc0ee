/** SPEC section 5's error rules: first message per field, else the general message; cleared on focus; DD-MM-YYYY. */
import { describe, expect, it } from 'vitest';
import { clearField, formatDob, toFormErrors } from '../../../../src/web/features/account/form-errors';
import { ApiRequestError } from '../../../../src/web/lib/api';

describe('toFormErrors', () => {
  it('keeps the first message of each field and no default error', () => {
    const errors = toFormErrors(
      new ApiRequestError(422, 'The form has errors.', {
        password: ['too short', 'not your e-mail'],
        email: ['taken'],
      }),
    );
    expect(errors).toEqual({ fields: { password: 'too short', email: 'taken' }, general: null });
  });
  it('shows the server message when no field has an error', () => {
    expect(toFormErrors(new ApiRequestError(401, 'These credentials do not match.', {}))).toEqual({
      fields: {},
      general: 'These credentials do not match.',
    });
    expect(toFormErrors(new ApiRequestError(500, 'Oops'))).toEqual({ fields: {}, general: 'Oops' });
  });
  it('explains a network failure or timeout instead of crashing', () => {
    expect(toFormErrors(new TypeError('Failed to fetch')).general).toMatch(/could not reach the server/);
    expect(toFormErrors(new DOMException('late', 'TimeoutError')).general).toMatch(/too long/);
  });
});

describe('clearField', () => {
  it('drops only the focused field', () => {
    const errors = { fields: { a: 'x', b: 'y' }, general: null };
    expect(clearField(errors, 'a')).toEqual({ fields: { b: 'y' }, general: null });
    expect(clearField(errors, 'c')).toBe(errors);
  });
});

describe('formatDob', () => {
  it('shows YYYY-MM-DD as DD-MM-YYYY and leaves other text alone', () => {
    expect(formatDob('1990-05-17')).toBe('17-05-1990');
    expect(formatDob(null)).toBe('');
    expect(formatDob('17/05/1990')).toBe('17/05/1990');
  });
});
