// Public surface of the realtime module (Pusher Channels protocol 7 over WebSocket).
export { registerRealtime } from './endpoint';
export type { Realtime, RealtimeOptions } from './endpoint';
export { createRealtimePlugin } from './plugin';
export type { RealtimePlugin } from './plugin';
export { InProcessBroker } from './broker';
export type { RealtimeBroker, RealtimeMessage, RealtimeMessageHandler } from './broker';
