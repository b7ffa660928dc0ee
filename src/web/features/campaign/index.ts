export { CampaignPopup } from './CampaignPopup';
export { campaignPlaceFor, campaignQuery, chooseCampaign, keepFreshImpressions } from './rules';
export { IMPRESSIONS_KEY } from './impressions';
