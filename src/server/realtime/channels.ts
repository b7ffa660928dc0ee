// Channel-name rules of the Pusher Channels protocol. Pure: no I/O.

/** Pusher's allowed characters and length for a channel name. */
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

export type ChannelCheck = { ok: true } | { ok: false; reason: 'invalid-name' | 'not-public'; message: string };

export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && CHANNEL_NAME.test(name);
}

/**
 * We only offer public channels: private-/presence- (and the encrypted variant) need an
 * auth endpoint we do not run, so refusing them early beats a silent half-subscription.
 * `#`-prefixed names are Pusher's reserved server-to-server channels; the name regex
 * already rejects them.
 */
export function isPublicChannel(name: string): boolean {
  return !name.startsWith('private-') && !name.startsWith('presence-');
}

export function checkSubscribable(name: unknown): ChannelCheck {
  if (!isValidChannelName(name)) {
    return { ok: false, reason: 'invalid-name', message: 'Invalid channel name' };
  }
  if (!isPublicChannel(name)) {
    return {
      ok: false,
      reason: 'not-public',
      message: 'Only public channels are offered; private and presence channels are not supported',
    };
  }
  return { ok: true };
}
