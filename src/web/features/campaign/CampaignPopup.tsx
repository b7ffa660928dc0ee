/**
 * The campaign pop-up (SPEC sections 2 and 4): the active campaign for this place, shown in
 * CampaignDialog, which loads only when there is one to show.
 */
import { lazy, Suspense } from 'react';
import type { CampaignPlace } from '../../../vocabulary/index';
import { useCampaign } from './use-campaign';

const CampaignDialog = lazy(() => import('./CampaignDialog'));

export function CampaignPopup({ place }: { place: CampaignPlace | null }) {
  const { active, close, clickThrough } = useCampaign(place);
  const campaign = active?.campaign;
  if (!campaign) return null;
  return (
    <Suspense fallback={null}>
      <CampaignDialog campaign={campaign} close={close} clickThrough={clickThrough} />
    </Suspense>
  );
}
