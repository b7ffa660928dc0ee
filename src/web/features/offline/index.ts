/** Planning without signal (issue 20): Home's panel for the region pack. */
export { OfflinePack, OFFLINE_PACK_MESSAGES } from './OfflinePack';
