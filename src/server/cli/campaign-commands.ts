/**
 * The campaigns CLI's commands (no admin role exists, so operators manage campaigns here):
 *   add --brand <key> --title <t> --text <t> --ends <date> [--starts <date>] [--url <u> --button <text>]
 *       [--appear-on journey-planner,journey-results,...] [--thumbnail <url>]
 *   list [--brand <key>] [--active]
 *   end <id>
 *   seed [file]   (default data/campaigns.seed.json; entries already stored are skipped)
 * Kept apart from campaigns.ts (which opens the database) so tests can run them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { brandKeySchema } from '../../contract/brand';
import { brandKeysIn } from '../brands/load';
import { REPO_ROOT } from '../../planner/node';
import { CAMPAIGN_PLACES } from '../../vocabulary/index';
import { isUuid } from '../../contract/campaigns';
import {
  campaignExists,
  endCampaign,
  insertCampaign,
  listCampaigns,
  type CampaignRow,
  type NewCampaign,
} from '../api/campaigns/repository';
import type { Database } from '../db/index';

export const usage = (brandKeys: readonly string[]) => `Usage: npm run campaigns -- <command>
  add --brand <key> --title <text> --text <text> --ends <date> [--starts <date>]
      [--url <https://...> --button <text>] [--appear-on <place,...>] [--thumbnail <https://...>]
  list [--brand <key>] [--active]
  end <campaign id>
  seed [file]            default: data/campaigns.seed.json
Brands: ${brandKeys.join(', ')}. Places: ${CAMPAIGN_PLACES.join(', ')} (default: all).
Dates are ISO 8601, e.g. 2026-08-01 or 2026-08-01T09:00:00+01:00.`;

export class CommandError extends Error {
  override name = 'CommandError';
}

const instant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((value) => !Number.isNaN(Date.parse(value)), `${label} must be an ISO 8601 date`)
    .transform((value) => new Date(value));
const httpUrl = (label: string) => z.url({ protocol: /^https?$/, error: `${label} must be an http(s) URL` });

/** One campaign, as `add` flags or a seed file entry give it. */
export const campaignInputSchema = z
  .object({
    brand: brandKeySchema,
    title: z
      .string({ error: 'title is required' })
      .trim()
      .min(1, 'title is required')
      .max(120, 'title must be at most 120 characters'),
    text: z
      .string({ error: 'text is required' })
      .trim()
      .min(1, 'text is required')
      .max(2000, 'text must be at most 2000 characters'),
    url: httpUrl('url').nullable().default(null),
    url_button_text: z
      .string()
      .trim()
      .min(1)
      .max(40, 'url_button_text must be at most 40 characters')
      .nullable()
      .default(null),
    appear_on: z
      .array(z.enum(CAMPAIGN_PLACES, { error: `appear_on must list ${CAMPAIGN_PLACES.join(', ')}` }))
      .min(1)
      .default([...CAMPAIGN_PLACES]),
    starts_at: instant('starts_at').optional(),
    end_at: instant('end_at'),
    thumbnail_url: httpUrl('thumbnail_url').nullable().default(null),
  })
  .refine((value) => !value.url || value.url_button_text, {
    path: ['url_button_text'],
    message: 'url_button_text is required with a url',
  });
export type CampaignInput = z.input<typeof campaignInputSchema>;

function toRow(input: unknown, now: Date, where: string, brandKeys: readonly string[]): NewCampaign {
  const result = campaignInputSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new CommandError(`${where}: ${issue.path.join('.') || 'entry'}: ${issue.message}`);
  }
  const value = result.data;
  if (!brandKeys.includes(value.brand))
    throw new CommandError(`${where}: brand: brand must be one of ${brandKeys.join(', ')}`);
  const startsAt = value.starts_at ?? now;
  if (startsAt >= value.end_at) throw new CommandError(`${where}: end_at must be after starts_at`);
  return {
    brand: value.brand,
    title: value.title,
    text: value.text,
    url: value.url,
    urlButtonText: value.url_button_text,
    appearOn: value.appear_on,
    startsAt,
    endAt: value.end_at,
    thumbnailUrl: value.thumbnail_url,
  };
}

export function describeCampaign(row: CampaignRow, now: Date): string {
  const state = row.startsAt > now ? 'scheduled' : row.endAt <= now ? 'ended' : 'active';
  return `${row.id}  ${row.brand.padEnd(10)} ${state.padEnd(9)} ${row.startsAt.toISOString()} -> ${row.endAt.toISOString()}  ${row.title}  [${row.appearOn.join(', ')}]`;
}

/** Runs one command; returns the lines to print. Throws CommandError for bad input. */
export async function runCampaignCommand(
  db: Database,
  argv: string[],
  options: { now?: Date; cwd?: string; brandKeys?: readonly string[] } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  // The brands are the folders in BRANDS_DIR (as the server reads them): a new brand needs no code.
  const brandKeys = options.brandKeys ?? brandKeysIn(process.env.BRANDS_DIR ?? path.join(REPO_ROOT, 'brands'));
  const USAGE = usage(brandKeys);
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        brand: { type: 'string' },
        title: { type: 'string' },
        text: { type: 'string' },
        url: { type: 'string' },
        button: { type: 'string' },
        'appear-on': { type: 'string' },
        starts: { type: 'string' },
        ends: { type: 'string' },
        thumbnail: { type: 'string' },
        active: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;

  switch (command) {
    case 'add': {
      const row = await insertCampaign(
        db,
        toRow(
          {
            brand: values.brand,
            title: values.title,
            text: values.text,
            url: values.url ?? null,
            url_button_text: values.button ?? null,
            appear_on: values['appear-on']?.split(',').map((place) => place.trim()),
            starts_at: values.starts,
            end_at: values.ends,
            thumbnail_url: values.thumbnail ?? null,
          },
          now,
          'add',
          brandKeys,
        ),
      );
      return [`added ${describeCampaign(row, now)}`];
    }
    case 'list': {
      const rows = (await listCampaigns(db, values.brand)).filter(
        (row) => !values.active || (row.startsAt <= now && row.endAt > now),
      );
      return rows.length ? rows.map((row) => describeCampaign(row, now)) : ['no campaigns'];
    }
    case 'end': {
      const id = positionals[0];
      if (!isUuid(id)) throw new CommandError('end: give the campaign id (see list)');
      const row = await endCampaign(db, id.toLowerCase(), now);
      if (!row) throw new CommandError(`end: no campaign ${id}`);
      return [`ended ${describeCampaign(row, now)}`];
    }
    case 'seed': {
      const file = path.resolve(options.cwd ?? process.cwd(), positionals[0] ?? 'data/campaigns.seed.json');
      let entries: unknown;
      try {
        entries = (JSON.parse(fs.readFileSync(file, 'utf8')) as { campaigns?: unknown }).campaigns;
      } catch (error) {
        throw new CommandError(`seed: cannot read ${file}: ${(error as Error).message}`);
      }
      if (!Array.isArray(entries)) throw new CommandError(`seed: ${file} must hold { "campaigns": [ ... ] }`);
      const rows = entries.map((entry, index) => toRow(entry, now, `seed: campaigns[${index}]`, brandKeys));
      const lines: string[] = [];
      for (const row of rows) {
        if (await campaignExists(db, row.brand, row.title, row.startsAt ?? now)) {
          lines.push(`skipped (already stored) ${row.brand} ${row.title}`);
          continue;
        }
        lines.push(`added ${describeCampaign(await insertCampaign(db, row), now)}`);
      }
      return lines;
    }
    default:
      throw new CommandError(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  }
}
