/**
 * The railcard list (SPEC section 3), on its own: Home's passes questions need only this, so the
 * rest of the account rules (src/contract/account-rules.ts) stays out of Home's first JavaScript.
 */
import { RAILCARDS, type Railcard } from '../vocabulary/index';

export const RAILCARD_OPTIONS = RAILCARDS;
export type { Railcard };
