// Who is subscribed to what, in both directions: channel -> members for delivery,
// member -> channels for cheap clean-up when a socket goes. Generic so it is unit-tested
// with plain objects instead of sockets.

export class SubscriptionRegistry<Member> {
  readonly #byChannel = new Map<string, Set<Member>>();
  readonly #byMember = new Map<Member, Set<string>>();

  /** Returns false when the member was already subscribed (idempotent). */
  add(member: Member, channel: string): boolean {
    let members = this.#byChannel.get(channel);
    if (!members) this.#byChannel.set(channel, (members = new Set()));
    if (members.has(member)) return false;
    members.add(member);
    let channels = this.#byMember.get(member);
    if (!channels) this.#byMember.set(member, (channels = new Set()));
    channels.add(channel);
    return true;
  }

  remove(member: Member, channel: string): boolean {
    const members = this.#byChannel.get(channel);
    if (!members?.delete(member)) return false;
    // Drop empty entries so short-lived query.{hash} channels do not pile up.
    if (members.size === 0) this.#byChannel.delete(channel);
    const channels = this.#byMember.get(member);
    channels?.delete(channel);
    if (channels?.size === 0) this.#byMember.delete(member);
    return true;
  }

  removeMember(member: Member): void {
    for (const channel of [...(this.#byMember.get(member) ?? [])]) this.remove(member, channel);
  }

  members(channel: string): ReadonlySet<Member> {
    return this.#byChannel.get(channel) ?? new Set();
  }

  channelCountOf(member: Member): number {
    return this.#byMember.get(member)?.size ?? 0;
  }

  subscriberCount(channel: string): number {
    return this.#byChannel.get(channel)?.size ?? 0;
  }

  /** Channels with at least one subscriber. */
  get channelCount(): number {
    return this.#byChannel.size;
  }
}
