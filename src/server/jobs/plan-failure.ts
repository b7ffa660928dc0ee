/** A planning failure as it crosses a thread or a queue: the planner's request errors keep their words, anything else is internal. */
import { PlanError } from '../../planner/index';

export interface PlanFailure {
  /** 'request': the planner refused the request (outside the region, same place...); the message is for the traveller. */
  kind: 'request' | 'internal';
  field: string | null;
  message: string;
}

export function planFailure(error: unknown): PlanFailure {
  if (error instanceof PlanError) return { kind: 'request', field: error.field, message: error.message };
  return { kind: 'internal', field: null, message: error instanceof Error ? error.message : String(error) };
}

export class PlanFailedError extends Error {
  override name = 'PlanFailedError';
  constructor(readonly failure: PlanFailure) {
    super(failure.message);
  }
}
