// Pusher Channels protocol 7: frame parsing and encoding. Pure (no sockets, no timers),
// so every rule here is unit-tested without a server.
// Reference: https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/

export const PROTOCOL_VERSION = 7;

/** Frames above this are refused (Pusher's own limit for client messages is 10 KB). */
export const MAX_FRAME_BYTES = 10 * 1024;

/**
 * Error codes from the protocol. The range tells pusher-js what to do when a socket is
 * closed with the code: 4000-4099 give up, 4100-4199 back off, 4200-4299 reconnect now.
 * Non-fatal per-message errors use 4300+ ("other") so a client that treats a code as a
 * close instruction never reconnect-loops on our bad-input reports.
 */
export const ErrorCode = {
  AppNotFound: 4001,
  UnsupportedProtocol: 4007,
  NoProtocol: 4008,
  /** Closed for abuse (a flood of bad frames); the client should not retry blindly. */
  Refused: 4009,
  /** Closed because the client could not keep up with deliveries. */
  OverCapacity: 4100,
  /** Server going away (shutdown, redeploy): reconnect at once, probably elsewhere. */
  Reconnect: 4200,
  PongNotReceived: 4201,
  /** Non-fatal: malformed, oversize or unsupported frame; the connection stays open. */
  BadMessage: 4300,
  /** Non-fatal: client events need private/presence channels, which we do not offer. */
  ClientEventRejected: 4301,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export type ClientFrame =
  | { kind: 'subscribe'; channel: string }
  | { kind: 'unsubscribe'; channel: string }
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'client-event'; event: string; channel: string | undefined }
  | { kind: 'unsupported'; event: string };

export type FrameParse = { ok: true; frame: ClientFrame } | { ok: false; message: string };

const fail = (message: string): FrameParse => ({ ok: false, message });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Clients send `data` as an object, but some libraries JSON-encode it; accept both. */
function dataObject(data: unknown): Record<string, unknown> | undefined {
  if (isRecord(data)) return data;
  if (typeof data !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Parse one text frame from a client. Never throws. */
export function parseClientFrame(raw: string): FrameParse {
  if (Buffer.byteLength(raw, 'utf8') > MAX_FRAME_BYTES) {
    return fail(`Message exceeds ${MAX_FRAME_BYTES} bytes`);
  }
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return fail('Message is not valid JSON');
  }
  if (!isRecord(message)) return fail('Message must be a JSON object');
  const { event } = message;
  if (typeof event !== 'string' || event.length === 0 || event.length > 200) {
    return fail('Message needs an "event" string');
  }
  switch (event) {
    case 'pusher:ping':
      return { ok: true, frame: { kind: 'ping' } };
    case 'pusher:pong':
      return { ok: true, frame: { kind: 'pong' } };
    case 'pusher:subscribe':
    case 'pusher:unsubscribe': {
      const channel = dataObject(message.data)?.channel;
      if (typeof channel !== 'string') return fail(`${event} needs data.channel`);
      const kind = event === 'pusher:subscribe' ? 'subscribe' : 'unsubscribe';
      return { ok: true, frame: { kind, channel } };
    }
  }
  if (event.startsWith('client-')) {
    const channel = typeof message.channel === 'string' ? message.channel : undefined;
    return { ok: true, frame: { kind: 'client-event', event, channel } };
  }
  return { ok: true, frame: { kind: 'unsupported', event } };
}

export type ConnectCheck = { ok: true } | { ok: false; code: ErrorCode; message: string };

/** Check the `?protocol=7&client=js&version=...` query pusher-js opens the socket with. */
export function checkConnectQuery(query: unknown): ConnectCheck {
  const raw = isRecord(query) ? query.protocol : undefined;
  const protocol = Array.isArray(raw) ? raw[0] : raw;
  if (protocol === undefined || protocol === '') {
    return { ok: false, code: ErrorCode.NoProtocol, message: 'No protocol version supplied' };
  }
  if (String(protocol) !== String(PROTOCOL_VERSION)) {
    return {
      ok: false,
      code: ErrorCode.UnsupportedProtocol,
      message: `Unsupported protocol version ${String(protocol)}; this server speaks ${PROTOCOL_VERSION}`,
    };
  }
  return { ok: true };
}

/** Pusher socket ids are two integers joined by a dot; auth signatures rely on the shape. */
export function formatSocketId(a: number, b: number): string {
  return `${Math.trunc(Math.abs(a))}.${Math.trunc(Math.abs(b))}`;
}

// Encoders. System events carry `data` as a JSON string (connection_established,
// subscription_succeeded, channel events) except pusher:error, whose data Pusher sends
// as an object; pusher-js accepts either because it JSON.parses strings opportunistically.

export const encodeConnectionEstablished = (socketId: string, activityTimeoutSeconds: number) =>
  JSON.stringify({
    event: 'pusher:connection_established',
    data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeoutSeconds }),
  });

export const encodeError = (code: ErrorCode, message: string) =>
  JSON.stringify({ event: 'pusher:error', data: { code, message } });

export const encodeSubscriptionSucceeded = (channel: string) =>
  JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });

/**
 * Same event and data shape pusher-js emits itself when channel authorization fails
 * (`{ type, error, status }`), so app code handles ours and its own the same way.
 */
export const encodeSubscriptionError = (
  channel: string,
  detail: { type: 'AuthError' | 'InvalidChannel' | 'LimitExceeded'; error: string; status: number },
) => JSON.stringify({ event: 'pusher:subscription_error', channel, data: JSON.stringify(detail) });

export const encodePing = () => JSON.stringify({ event: 'pusher:ping', data: '{}' });
export const encodePong = () => JSON.stringify({ event: 'pusher:pong', data: '{}' });

/** A channel event; `data` is already the JSON string the wire carries. */
export const encodeChannelEvent = (channel: string, event: string, data: string) =>
  JSON.stringify({ event, channel, data });
