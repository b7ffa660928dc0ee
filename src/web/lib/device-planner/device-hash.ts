/**
 * A device search's hash starts with 'device-' (issue 20). Its own module, the smallest there
 * is: the journey route's loader (in the main chunk) asks it, and device-searches.ts, which the
 * Results and Journey chunks share, stays out of the first load.
 */
export const DEVICE_HASH_PREFIX = 'device-';
export const isDeviceHash = (hash: string) => hash.startsWith(DEVICE_HASH_PREFIX);
