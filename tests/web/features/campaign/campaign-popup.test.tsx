// @vitest-environment jsdom
/**
 * The campaign pop-up with a fake API behind the real client: one campaign opens with a 'view',
 * Close hides it; a url button records a 'clickthrough' with the view's id and opens a new
 * window; two campaigns, or none, open nothing; stale stored impressions are dropped at start.
 */
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../../src/contract/campaigns';
import { CampaignPopup, IMPRESSIONS_KEY } from '../../../../src/web/features/campaign';
import { renderWithApp } from '../../helpers/render';

// A loaded 2-core machine can take over a second to render Mantine's first screen.
configure({ asyncUtilTimeout: 5000 });

const CAMPAIGN: Campaign = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Bus week',
  text: 'Try the bus for a week.',
  url: null,
  url_button_text: null,
  appear_on: ['journey-planner'],
  end_at: '2099-01-01T00:00:00.000Z',
  thumbnail: { cover_url: 'https://example.org/bus.png' },
};
const VIEW_ID = '22222222-2222-4222-8222-222222222222';

function stubCampaignApi(campaigns: Campaign[]) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: URL | string, init?: RequestInit) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ method: init?.method ?? 'GET', url, body });
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/v1/campaign')
      return json(200, {
        data: campaigns,
        meta: { total: campaigns.length, per_page: 1, current_page: 1, last_page: 1 },
      });
    const action = (body as { action: string }).action;
    const id = action === 'view' ? VIEW_ID : '33333333-3333-4333-8333-333333333333';
    return json(201, {
      data: {
        id,
        campaign_id: CAMPAIGN.id,
        action,
        impression_id: action === 'view' ? null : VIEW_ID,
        expires_at: CAMPAIGN.end_at,
      },
    });
  });
  return calls;
}

const renderPopup = () => renderWithApp(<CampaignPopup place="journey-planner" />);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CampaignPopup', () => {
  it('opens the one campaign with a view impression; without a url its button says Close and closes it', async () => {
    const calls = stubCampaignApi([CAMPAIGN]);
    renderPopup();
    const dialog = await screen.findByRole('dialog', { name: 'Bus week' });
    expect(dialog.textContent).toContain('Try the bus for a week.');
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('https://example.org/bus.png');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      order_by: 'end_at',
      order: 'asc',
      per_page: '1',
      appear_on: 'journey-planner',
    });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: { campaign_id: CAMPAIGN.id, action: 'view', impression_id: null },
    });
    expect(calls[1]!.url.pathname).toBe(`/v1/campaign/${CAMPAIGN.id}/impression`);
    expect(JSON.parse(localStorage.getItem(IMPRESSIONS_KEY)!)).toEqual([
      expect.objectContaining({ id: VIEW_ID, action: 'view' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(2);
  });

  it('with a url shows its button text, records a clickthrough with the view id and opens the url in a new window', async () => {
    const calls = stubCampaignApi([
      { ...CAMPAIGN, url: 'https://example.org/bus-week', url_button_text: 'Find out more' },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPopup();
    fireEvent.click(await screen.findByRole('button', { name: 'Find out more' }));
    expect(open).toHaveBeenCalledWith('https://example.org/bus-week', '_blank', 'noopener,noreferrer');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.body).toEqual({ campaign_id: CAMPAIGN.id, action: 'clickthrough', impression_id: VIEW_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(IMPRESSIONS_KEY)!).map((item: { action: string }) => item.action)).toEqual(
        ['view', 'clickthrough'],
      ),
    );
  });

  it('opens nothing when two campaigns or none come back', async () => {
    for (const answer of [[CAMPAIGN, { ...CAMPAIGN, id: '44444444-4444-4444-8444-444444444444' }], []]) {
      const calls = stubCampaignApi(answer);
      renderPopup();
      await waitFor(() => expect(calls).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls).toHaveLength(1);
      cleanup();
    }
  });

  it('drops stored impressions a day past their expiry at start and sends the rest', async () => {
    const now = Date.now();
    const stored = (id: string, agoHours: number) => ({
      id,
      campaign_id: CAMPAIGN.id,
      action: 'view',
      impression_id: null,
      expires_at: new Date(now - agoHours * 3_600_000).toISOString(),
    });
    const [future, recent, old] = ['aaaaaaaaaaaa', 'bbbbbbbbbbbb', 'cccccccccccc'].map(
      (tail) => `55555555-5555-4555-8555-${tail}`,
    );
    localStorage.setItem(
      IMPRESSIONS_KEY,
      JSON.stringify([stored(future!, -48), stored(recent!, 23), stored(old!, 25), { id: 'junk', expires_at: 'soon' }]),
    );
    const calls = stubCampaignApi([]);
    renderPopup();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.searchParams.get('impression_ids')).toBe(`${future},${recent}`);
    expect(JSON.parse(localStorage.getItem(IMPRESSIONS_KEY)!).map((item: { id: string }) => item.id)).toEqual([
      future,
      recent,
    ]);
  });
});
