/** The campaign feature's API calls (SPEC section 7, campaigns): paths and query options in one place. */
import type { Campaign, CampaignImpression } from '../../../contract/campaigns';
import { API_PREFIX, apiGet, apiPost, type ApiCallOptions } from '../../lib/api';

export const campaignApi = {
  list: (o: ApiCallOptions) => apiGet<{ data: Campaign[] }>(`${API_PREFIX}campaign`, o),
  recordImpression: (
    o: ApiCallOptions,
    campaignId: string,
    body: { campaign_id: string; action: 'view' | 'clickthrough'; impression_id: string | null },
  ) =>
    apiPost<{ data: CampaignImpression }>(
      `${API_PREFIX}campaign/${encodeURIComponent(campaignId)}/impression`,
      o,
      body,
    ),
};
