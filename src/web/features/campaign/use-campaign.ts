/**
 * The pop-up's state (SPEC section 4): on a screen whose place fits, ask for one campaign;
 * if exactly one comes back, record a 'view' and open it. Closing clears the active
 * campaign and its impression. A failed call shows nothing (the pop-up is optional).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CampaignPlace } from '../../../vocabulary/index';
import type { Campaign, CampaignImpression } from '../../../contract/campaigns';
import { useBrand } from '../../lib/brand';
import { pruneImpressions, rememberImpression, storedImpressionIds } from './impressions';
import { campaignQuery, chooseCampaign } from './rules';
import { campaignApi } from './api';

export interface ActiveCampaign {
  campaign: Campaign;
  /** The 'view' impression recorded when it opened. */
  impression: CampaignImpression;
}

export function useCampaign(place: CampaignPlace | null) {
  const brand = useBrand();
  const [active, setActive] = useState<ActiveCampaign | null>(null);
  // Once at start, before the first request carries the ids.
  useState(pruneImpressions);

  const record = useCallback(
    async (campaign: Campaign, action: 'view' | 'clickthrough', impressionId: string | null) => {
      const answer = await campaignApi.recordImpression({ apiKey: brand.apiKey }, campaign.id, {
        campaign_id: campaign.id,
        action,
        impression_id: impressionId,
      });
      rememberImpression(answer.data);
      return answer.data;
    },
    [brand.apiKey],
  );

  // Asked when a screen's place changes, not again when the pop-up closes (that would open the next one at once).
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(() => {
    if (!place || activeRef.current) return;
    const controller = new AbortController();
    (async () => {
      const answer = await campaignApi.list({
        apiKey: brand.apiKey,
        signal: controller.signal,
        query: campaignQuery(place, storedImpressionIds()),
      });
      const campaign = chooseCampaign(answer, place);
      if (!campaign || controller.signal.aborted) return;
      const impression = await record(campaign, 'view', null);
      if (!controller.signal.aborted) setActive({ campaign, impression });
    })().catch(() => undefined);
    return () => controller.abort();
  }, [place, brand.apiKey, record]);

  const close = useCallback(() => setActive(null), []);

  /** The url button: a 'clickthrough' tied to the view, the url in a new window, then closed. */
  const clickThrough = useCallback(() => {
    if (!active?.campaign.url) return;
    // Opened inside the click so no pop-up blocker stops it; the record follows.
    window.open(active.campaign.url, '_blank', 'noopener,noreferrer');
    void record(active.campaign, 'clickthrough', active.impression.id).catch(() => undefined);
    setActive(null);
  }, [active, record]);

  return { active, close, clickThrough };
}
