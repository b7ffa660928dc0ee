/**
 * A search planned on the device, offline (issue 20), planned again on the server once there is
 * a signal, so its journeys can be saved. Loaded only when the traveller asks.
 */
import { DEFAULT_ARRIVE_BY_BUFFER } from '../../../vocabulary/index';
import { searchTimeAt, searchTimeInstant, STEP_MINUTES } from '../../../vocabulary/time';
import { apiPost, SHARED_PATHS } from '../api';
import { readDeviceSearch } from './client';

const STEP_MS = STEP_MINUTES * 60_000;

/** Posts the device search's form to the API; answers the new search's hash. */
export async function planOnline(deviceHash: string, apiKey: string, now = new Date()): Promise<string> {
  const query = await readDeviceSearch(deviceHash);
  // A time that has passed meanwhile moves up to the next step, as the form would move it.
  const earliest = searchTimeAt(Math.ceil(now.getTime() / STEP_MS) * STEP_MS);
  const notPast = (text: string) => ((searchTimeInstant(text) ?? 0) >= now.getTime() ? text : earliest);
  const out_time = notPast(query.out_time);
  // Same format throughout ('YYYY/MM/DD HH:mm:ss', London): the text order is the time order.
  const return_time = query.return_time ? [notPast(query.return_time), out_time].sort()[1]! : null;
  const body = {
    origin: query.origin,
    destination: query.destination,
    out_time,
    ...(return_time ? { return_time } : {}),
    arrive_by_buffer: DEFAULT_ARRIVE_BY_BUFFER,
    ...query.passes,
  };
  return (await apiPost<{ data: { hash: string } }>(SHARED_PATHS.search, { apiKey }, body)).data.hash;
}
