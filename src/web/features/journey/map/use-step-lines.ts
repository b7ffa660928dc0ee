/**
 * The lines a map draws for a leg's steps: each step's polyline, with rail rides laid along the
 * region's railway lines where the feed gave only the calls (rail-lines.ts). The railways come
 * from the fallback map's layer (kept offline by the service worker once fetched); without
 * them the calls are joined straight, as before.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Step } from '../../../../contract/journey';
import { fallbackLayerPath } from '../../../../contract/map';
import type { MapLine } from './MapCanvas';
import { stepPath } from './map-model';
import { alongRails, buildRailGraph } from './rail-lines';

async function railGraph(signal: AbortSignal) {
  const response = await fetch(fallbackLayerPath('railways'), { signal });
  if (!response.ok) throw new Error(`railways layer: ${response.status}`);
  return buildRailGraph(await response.json());
}

export function useStepLines(steps: readonly Step[]): MapLine[] {
  const hasRail = steps.some((step) => step.type === 'train');
  const { data: graph } = useQuery({
    queryKey: ['map', 'railways'],
    queryFn: ({ signal }) => railGraph(signal),
    enabled: hasRail,
    staleTime: Infinity,
    retry: false,
  });
  return useMemo(
    () =>
      steps.map((step) => {
        const points = stepPath(step);
        return {
          points: step.type === 'train' && graph ? alongRails(graph, points) : points,
          estimated: step.estimated,
        };
      }),
    [steps, graph],
  );
}
