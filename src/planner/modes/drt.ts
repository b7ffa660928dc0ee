/**
 * Demand-responsive and community transport. Not planned yet: GTFS-Flex zones and windows are not
 * read by this assembler, and the region's drt.json services have no zones to test a trip against,
 * so this yields no journeys rather than guess who would carry the traveller.
 */
import type { LegDraft } from '../journey/parts';
import type { ModeContext } from './context';

export function planDrt(_ctx: ModeContext): LegDraft[] {
  return [];
}
