import { describe, expect, it, vi } from 'vitest';
import { InProcessBroker } from '../../../src/server/realtime/broker';
import type { RealtimeMessage } from '../../../src/server/realtime/broker';
import { SubscriptionRegistry } from '../../../src/server/realtime/registry';

describe('SubscriptionRegistry', () => {
  it('tracks members per channel and channels per member', () => {
    const registry = new SubscriptionRegistry<string>();
    expect(registry.add('a', 'query.1')).toBe(true);
    expect(registry.add('a', 'query.1')).toBe(false);
    registry.add('b', 'query.1');
    registry.add('a', 'query.2');
    expect([...registry.members('query.1')]).toEqual(['a', 'b']);
    expect(registry.subscriberCount('query.1')).toBe(2);
    expect(registry.channelCountOf('a')).toBe(2);
    expect(registry.channelCount).toBe(2);
  });

  it('drops empty channels on remove and on removeMember', () => {
    const registry = new SubscriptionRegistry<string>();
    registry.add('a', 'query.1');
    registry.add('a', 'query.2');
    registry.add('b', 'query.2');
    expect(registry.remove('a', 'query.1')).toBe(true);
    expect(registry.remove('a', 'query.1')).toBe(false);
    expect(registry.channelCount).toBe(1);
    registry.removeMember('a');
    expect(registry.subscriberCount('query.2')).toBe(1);
    registry.removeMember('b');
    expect(registry.channelCount).toBe(0);
    expect(registry.members('query.2').size).toBe(0);
    expect(registry.channelCountOf('a')).toBe(0);
  });
});

describe('InProcessBroker', () => {
  const message: RealtimeMessage = { channel: 'query.1', event: 'results retrieved', data: '{"journey_count":3}' };

  it('delivers synchronously, in order, to every subscriber until it unsubscribes', () => {
    const broker = new InProcessBroker();
    const first: RealtimeMessage[] = [];
    const second: RealtimeMessage[] = [];
    const stopFirst = broker.subscribe((m) => first.push(m));
    broker.subscribe((m) => second.push(m));
    const later = { ...message, event: 'journey processed' };
    broker.publish(message);
    broker.publish(later);
    expect(first).toEqual([message, later]);
    expect(second).toEqual([message, later]);
    stopFirst();
    broker.publish(message);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(3);
    expect(broker.subscriberCount).toBe(1);
  });

  it('keeps delivering when one subscriber throws', () => {
    const onError = vi.fn();
    const broker = new InProcessBroker(onError);
    const received: RealtimeMessage[] = [];
    broker.subscribe(() => {
      throw new Error('boom');
    });
    broker.subscribe((m) => received.push(m));
    expect(() => broker.publish(message)).not.toThrow();
    expect(received).toEqual([message]);
    expect(onError).toHaveBeenCalledOnce();
  });
});
