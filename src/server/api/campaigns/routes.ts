/**
 * Campaign pop-ups (SPEC section 7): GET /v1/campaign lists the calling brand's active
 * campaigns the client has not seen; POST /v1/campaign/{id}/impression records a view or
 * a clickthrough. An impression expires when its campaign ends (expires_at = end_at); the
 * client forgets it a day after that (SPEC section 9).
 */
import type { FastifyPluginAsync } from 'fastify';
import { campaignQuerySchema, impressionFormSchema } from '../../../contract/campaigns';
import { pageMeta } from '../../../contract/paging';
import { ApiError, parseInput, parseQuery } from '../../http/errors';
import type { ApiContext } from '../context';
import { uuidParam } from '../guards';
import {
  activeCampaigns,
  findCampaign,
  findImpression,
  presentCampaign,
  presentImpression,
  recordImpression,
} from './repository';

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found.',
  ended: 'This campaign has ended.',
  idMismatch: 'The campaign id must match the one in the address.',
  badView: 'The impression id must be the id of a view of this campaign.',
} as const;

/** `impression_ids[]=a&impression_ids[]=b` arrives under its bracketed name. */
function normaliseQuery(query: unknown): Record<string, unknown> {
  const input = typeof query === 'object' && query !== null ? { ...(query as Record<string, unknown>) } : {};
  if ('impression_ids[]' in input) {
    const extra = input['impression_ids[]'];
    const own = input.impression_ids;
    input.impression_ids = [
      ...(own === undefined ? [] : Array.isArray(own) ? own : [own]),
      ...(Array.isArray(extra) ? extra : [extra]),
    ];
    delete input['impression_ids[]'];
  }
  return input;
}

export function campaignsRoutes(context: ApiContext): FastifyPluginAsync {
  const { db } = context;
  return async (api) => {
    api.get('/campaign', async (request) => {
      const query = parseQuery(campaignQuerySchema, normaliseQuery(request.query));
      const { rows, total } = await activeCampaigns(db, {
        brand: request.brand.key,
        now: context.now(),
        order: query.order,
        perPage: query.per_page,
        page: query.page,
        impressionIds: query.impression_ids.map((id) => id.toLowerCase()),
        appearOn: query.appear_on,
      });
      return { data: rows.map(presentCampaign), meta: pageMeta(total, query.per_page, query.page) };
    });

    api.post<{ Params: { campaignId: string } }>('/campaign/:campaignId/impression', async (request, reply) => {
      const campaignId = uuidParam(request.params.campaignId, 'Campaign');
      const form = parseInput(impressionFormSchema, request.body);
      if (form.campaign_id !== undefined && form.campaign_id.toLowerCase() !== campaignId) {
        throw ApiError.validation({ campaign_id: [CAMPAIGN_MESSAGES.idMismatch] });
      }
      const now = context.now();
      const campaign = await findCampaign(db, campaignId, request.brand.key);
      if (!campaign || campaign.startsAt > now) throw ApiError.notFound(CAMPAIGN_MESSAGES.notFound);
      if (campaign.endAt <= now) throw new ApiError(409, CAMPAIGN_MESSAGES.ended);
      let viewId: string | null = null;
      if (form.action === 'clickthrough' && form.impression_id) {
        const view = await findImpression(db, form.impression_id.toLowerCase());
        if (!view || view.campaignId !== campaign.id || view.action !== 'view')
          throw ApiError.validation({ impression_id: [CAMPAIGN_MESSAGES.badView] });
        viewId = view.id;
      }
      const impression = await recordImpression(db, {
        campaignId: campaign.id,
        action: form.action,
        impressionId: viewId,
        expiresAt: campaign.endAt,
        createdAt: now,
      });
      return reply.code(201).send({ data: presentImpression(impression) });
    });
  };
}
