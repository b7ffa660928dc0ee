/**
 * One journey's React Query key, shared by every screen that reads or fills it: the Results
 * stream, the Journey/stage/print screens and the saved journeys kept for offline use.
 */
export const journeyQueryKey = (hash: string, journeyId: string) => ['journey', hash, journeyId] as const;
