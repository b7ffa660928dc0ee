import { describe, expect, it } from 'vitest';
import { checkSubscribable, isPublicChannel, isValidChannelName } from '../../../src/server/realtime/channels';
import {
  ErrorCode,
  MAX_FRAME_BYTES,
  checkConnectQuery,
  encodeChannelEvent,
  encodeConnectionEstablished,
  encodeError,
  encodeSubscriptionError,
  encodeSubscriptionSucceeded,
  formatSocketId,
  parseClientFrame,
} from '../../../src/server/realtime/protocol';

describe('channel names', () => {
  it('accepts Pusher channel characters up to 164 long', () => {
    for (const name of ['query.abc123', 'a', 'A-Z_a-z0-9=@,.;', 'x'.repeat(164), 'private-x']) {
      expect(isValidChannelName(name)).toBe(true);
    }
  });

  it('rejects empty, too long, odd characters and non-strings', () => {
    for (const name of [
      '',
      'x'.repeat(165),
      'has space',
      'query/abc',
      '#server',
      'ümlaut',
      'a\nb',
      42,
      null,
      undefined,
    ]) {
      expect(isValidChannelName(name)).toBe(false);
    }
  });

  it('treats private- and presence- channels as not public', () => {
    expect(isPublicChannel('query.abc')).toBe(true);
    expect(isPublicChannel('private-abc')).toBe(false);
    expect(isPublicChannel('private-encrypted-abc')).toBe(false);
    expect(isPublicChannel('presence-abc')).toBe(false);
    expect(isPublicChannel('privatefoo')).toBe(true);
  });

  it('checkSubscribable explains why', () => {
    expect(checkSubscribable('query.abc')).toEqual({ ok: true });
    expect(checkSubscribable('bad name')).toMatchObject({ ok: false, reason: 'invalid-name' });
    expect(checkSubscribable('presence-x')).toMatchObject({ ok: false, reason: 'not-public' });
  });
});

describe('parseClientFrame', () => {
  const ok = (raw: string) => {
    const parsed = parseClientFrame(raw);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.frame;
  };

  it('parses subscribe and unsubscribe with object or JSON-string data', () => {
    expect(ok('{"event":"pusher:subscribe","data":{"auth":"","channel":"query.a"}}')).toEqual({
      kind: 'subscribe',
      channel: 'query.a',
    });
    expect(ok(JSON.stringify({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'c' }) }))).toEqual({
      kind: 'subscribe',
      channel: 'c',
    });
    expect(ok('{"event":"pusher:unsubscribe","data":{"channel":"query.a"}}')).toEqual({
      kind: 'unsubscribe',
      channel: 'query.a',
    });
  });

  it('parses ping, pong, client events and other events', () => {
    expect(ok('{"event":"pusher:ping","data":{}}')).toEqual({ kind: 'ping' });
    expect(ok('{"event":"pusher:pong"}')).toEqual({ kind: 'pong' });
    expect(ok('{"event":"client-typing","channel":"query.a","data":{}}')).toEqual({
      kind: 'client-event',
      event: 'client-typing',
      channel: 'query.a',
    });
    expect(ok('{"event":"pusher:signin","data":{}}')).toEqual({ kind: 'unsupported', event: 'pusher:signin' });
  });

  it('rejects bad input without throwing', () => {
    const bad = [
      '',
      '{',
      'null',
      '[]',
      '"pusher:ping"',
      '{"data":{}}',
      '{"event":""}',
      '{"event":42}',
      `{"event":"${'e'.repeat(201)}"}`,
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":"not json"}',
      '{"event":"pusher:subscribe","data":{"channel":7}}',
      '{"event":"pusher:unsubscribe","data":[]}',
    ];
    for (const raw of bad) {
      const parsed = parseClientFrame(raw);
      expect(parsed.ok, raw).toBe(false);
    }
  });

  it('rejects frames over the size cap, counting bytes not characters', () => {
    const frame = (pad: string) => JSON.stringify({ event: 'pusher:ping', data: { pad } });
    const base = frame('').length;
    expect(parseClientFrame(frame('x'.repeat(MAX_FRAME_BYTES - base))).ok).toBe(true);
    expect(parseClientFrame(frame('x'.repeat(MAX_FRAME_BYTES - base + 1))).ok).toBe(false);
    // 'é' is two bytes in UTF-8.
    expect(parseClientFrame(frame('é'.repeat(MAX_FRAME_BYTES / 2))).ok).toBe(false);
  });
});

describe('checkConnectQuery', () => {
  it('accepts protocol 7 as pusher-js sends it', () => {
    expect(checkConnectQuery({ protocol: '7', client: 'js', version: '8.6.0', flash: 'false' })).toEqual({ ok: true });
    expect(checkConnectQuery({ protocol: ['7', '7'] })).toEqual({ ok: true });
  });

  it('rejects other or missing versions with the protocol codes', () => {
    expect(checkConnectQuery({ protocol: '6' })).toMatchObject({ ok: false, code: ErrorCode.UnsupportedProtocol });
    expect(checkConnectQuery({ protocol: 'seven' })).toMatchObject({ ok: false, code: ErrorCode.UnsupportedProtocol });
    expect(checkConnectQuery({})).toMatchObject({ ok: false, code: ErrorCode.NoProtocol });
    expect(checkConnectQuery(undefined)).toMatchObject({ ok: false, code: ErrorCode.NoProtocol });
  });
});

describe('encoders', () => {
  it('connection_established carries its data as a JSON string', () => {
    const message = JSON.parse(encodeConnectionEstablished('12.34', 120)) as { event: string; data: string };
    expect(message.event).toBe('pusher:connection_established');
    expect(JSON.parse(message.data)).toEqual({ socket_id: '12.34', activity_timeout: 120 });
  });

  it('subscription_succeeded, errors and channel events have the wire shapes pusher-js expects', () => {
    expect(JSON.parse(encodeSubscriptionSucceeded('query.a'))).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'query.a',
      data: '{}',
    });
    expect(JSON.parse(encodeError(ErrorCode.AppNotFound, 'nope'))).toEqual({
      event: 'pusher:error',
      data: { code: 4001, message: 'nope' },
    });
    const error = JSON.parse(encodeSubscriptionError('private-a', { type: 'AuthError', error: 'no', status: 403 }));
    expect(error).toMatchObject({ event: 'pusher:subscription_error', channel: 'private-a' });
    expect(JSON.parse(error.data)).toEqual({ type: 'AuthError', error: 'no', status: 403 });
    expect(JSON.parse(encodeChannelEvent('query.a', 'results retrieved', '{"journey_count":3}'))).toEqual({
      event: 'results retrieved',
      channel: 'query.a',
      data: '{"journey_count":3}',
    });
  });

  it('formats socket ids as two integers', () => {
    expect(formatSocketId(123, 456)).toBe('123.456');
    expect(formatSocketId(-1.7, 2.2)).toBe('1.2');
  });
});
