/** The account feature's API calls (SPEC section 7, users): paths and payloads in one place. */
import type { User } from '../../../contract/users';
import { API_PREFIX, apiPost, apiPut, type ApiCallOptions } from '../../lib/api';

type Message = { data: { message: string } };
const seg = encodeURIComponent;

export const accountApi = {
  register: (o: ApiCallOptions, body: unknown) => apiPost<Message>(`${API_PREFIX}users/register`, o, body),
  activate: (o: ApiCallOptions, code: string) => apiPost<Message>(`${API_PREFIX}users/activation/${seg(code)}`, o),
  requestPasswordReset: (o: ApiCallOptions, email: string) =>
    apiPost<Message>(`${API_PREFIX}users/password/reset`, o, { email }),
  resetPassword: (o: ApiCallOptions, code: string, body: { password: string; password_confirmation: string }) =>
    apiPost<Message>(`${API_PREFIX}users/password/reset/${seg(code)}`, o, body),
  update: (o: ApiCallOptions, body: unknown) => apiPut<{ data: User }>(`${API_PREFIX}users/update`, o, body),
};
