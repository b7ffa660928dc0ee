/**
 * The railcard list (SPEC section 3), on its own: Home's passes questions need only this, so the
 * rest of the account rules (src/contract/account-rules.ts) stays out of Home's first JavaScript.
 */
export const RAILCARD_OPTIONS = ['16-17 Saver', '16-25 Railcard', '26-30 Railcard', 'Disabled Persons Railcard', 'Senior Railcard'] as const;
export type Railcard = (typeof RAILCARD_OPTIONS)[number];
