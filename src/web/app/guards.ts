/** Route guards (SPEC section 2 and 6): account routes exist only on brands with accounts. */
import { notFound, redirect } from '@tanstack/react-router';
import { hasUserToken } from '../lib/cookies';
import type { RouterContext } from './router';

export function requireAccounts({ context }: { context: RouterContext }): void {
  if (!context.brand.enableUserAccounts) throw notFound();
}

/** The access guard: anonymous users opening Account, Edit or Searches go to Login. */
export function requireSignedIn(args: { context: RouterContext }): void {
  requireAccounts(args);
  if (!hasUserToken()) throw redirect({ to: '/login' });
}
