/**
 * A search planned on the device, offline (issue 20), planned again on the server once there is
 * a signal, so its journeys can be saved. Loaded only when the traveller asks.
 */
import { formatSearchTime, parseSearchTime } from '../../../contract/search';
import { apiPost, SHARED_PATHS } from '../api';
import { readDeviceSearch } from './client';

/** The form's time step (SPEC section 5). */
const STEP_MS = 5 * 60_000;
/** SPEC section 9. */
const ARRIVE_BY_BUFFER = 30;

/** Posts the device search's form to the API; answers the new search's hash. */
export async function planOnline(deviceHash: string, apiKey: string, now = new Date()): Promise<string> {
  const query = await readDeviceSearch(deviceHash);
  // A time that has passed meanwhile moves up to the next step, as the form would move it.
  const earliest = formatSearchTime(new Date(Math.ceil(now.getTime() / STEP_MS) * STEP_MS));
  const notPast = (text: string) =>
    (parseSearchTime(text)?.epochMilliseconds ?? 0) >= now.getTime() ? text : earliest;
  const out_time = notPast(query.out_time);
  // Same format throughout ('YYYY/MM/DD HH:mm:ss', London): the text order is the time order.
  const return_time = query.return_time ? [notPast(query.return_time), out_time].sort()[1]! : null;
  const body = {
    origin: query.origin,
    destination: query.destination,
    out_time,
    ...(return_time ? { return_time } : {}),
    arrive_by_buffer: ARRIVE_BY_BUFFER,
    ...query.passes,
  };
  return (await apiPost<{ data: { hash: string } }>(SHARED_PATHS.search, { apiKey }, body)).data.hash;
}
