/**
 * For screens behind the access guard (Account, Edit, Searches): the guard checks the cookie
 * before the screen opens; this sends the visitor to Login if the token goes away while it is
 * open (the server refused it at the user fetch, or another tab signed out).
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth, type AuthState } from './auth';

export function useSignedIn(): AuthState {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (!auth.token) void navigate({ to: '/login' });
  }, [auth.token, navigate]);
  return auth;
}
