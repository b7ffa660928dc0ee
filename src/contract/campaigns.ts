/**
 * Campaign pop-ups (SPEC sections 3, 4, 7 and 9): the list query, the Campaign and the
 * impression. The vocabulary lives zod-free in campaign-options.ts.
 */
import { z } from 'zod';
import { CAMPAIGN_PAGE_SIZE, CAMPAIGN_PLACES, IMPRESSION_ACTIONS } from '../vocabulary/index';
import { pageMetaSchema, pageQuerySchema } from './saved-journeys';

export const campaignSchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.string().nullable(),
  url_button_text: z.string().nullable(),
  appear_on: z.array(z.enum(CAMPAIGN_PLACES)),
  /** ISO 8601 instant. */
  end_at: z.string(),
  thumbnail: z.object({ cover_url: z.string() }).nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListAnswerSchema = z.object({ data: z.array(campaignSchema), meta: pageMetaSchema });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** impression_ids as repeated keys, `impression_ids[]`, or one comma-separated value. */
const impressionIds = z.preprocess(
  (value) => {
    if (value === undefined || value === '') return [];
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((item) =>
      typeof item === 'string'
        ? item
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : [item],
    );
  },
  z
    .array(z.string().regex(UUID, 'Each impression id must be an id the impression call answered.'), {
      error: 'impression_ids must be a list of ids.',
    })
    .max(200, 'Send at most 200 impression ids.'),
);

export const campaignQuerySchema = z.object({
  order_by: z.enum(['end_at'], { error: 'order_by must be end_at.' }).default('end_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc.' }).default('asc'),
  ...pageQuerySchema(CAMPAIGN_PAGE_SIZE),
  impression_ids: impressionIds,
  /** Optional: only campaigns for this place. */
  appear_on: z.enum(CAMPAIGN_PLACES, { error: `appear_on must be one of ${CAMPAIGN_PLACES.join(', ')}.` }).optional(),
});
export type CampaignQuery = z.infer<typeof campaignQuerySchema>;

export const impressionFormSchema = z
  .object(
    {
      campaign_id: z.string({ error: 'The campaign id must be text.' }).optional(),
      action: z.enum(IMPRESSION_ACTIONS, { error: 'The action must be view or clickthrough.' }),
      impression_id: z
        .string({ error: 'The impression id must be text or null.' })
        .regex(UUID, 'The impression id must be the id of a view impression.')
        .nullable()
        .optional(),
    },
    { error: 'Send the impression as a JSON object.' },
  )
  .superRefine((value, context) => {
    if (value.action === 'clickthrough' && !value.impression_id) {
      context.addIssue({
        code: 'custom',
        path: ['impression_id'],
        message: 'A clickthrough needs the impression id of the view it follows.',
      });
    }
    if (value.action === 'view' && value.impression_id) {
      context.addIssue({ code: 'custom', path: ['impression_id'], message: 'A view has no impression id: send null.' });
    }
  });
export type ImpressionForm = z.infer<typeof impressionFormSchema>;

export const impressionSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  action: z.enum(IMPRESSION_ACTIONS),
  impression_id: z.string().nullable(),
  /** The campaign's end_at: the client forgets the impression a day later (SPEC section 9). */
  expires_at: z.string(),
});
export type CampaignImpression = z.infer<typeof impressionSchema>;
export const impressionAnswerSchema = z.object({ data: impressionSchema });
