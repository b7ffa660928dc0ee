/**
 * Staying seated onto the next trip of the same vehicle (TransitData.seatStart/seatTo). Riding a trip
 * to its last stop in round k offers each linked trip for boarding at its first stop in round k + 1,
 * whatever the stop's change time; an entry remembers the ridden trip so the journey can be rebuilt.
 */
import { Growable } from '../common/growable';

export class SeatEntries {
  /** The trip ridden to its end: global index, pattern, day slot, boarding position and times. */
  readonly trip = new Growable(Int32Array, 64);
  readonly pattern = new Growable(Int32Array, 64);
  readonly day = new Growable(Int32Array, 64);
  readonly boardPos = new Growable(Int32Array, 64);
  readonly start = new Growable(Int32Array, 64);
  readonly end = new Growable(Int32Array, 64);
  /** The entry by which that trip was itself boarded seated, or -1. */
  readonly previous = new Growable(Int32Array, 64);
  /** The trip one may stay on for (global index). */
  readonly next = new Growable(Int32Array, 64);
  /** Entries offered in the current round, for the next one. */
  pending: number[] = [];

  clear(): void {
    for (const g of [this.trip, this.pattern, this.day, this.boardPos, this.start, this.end, this.previous, this.next])
      g.length = 0;
    this.pending = [];
  }

  add(
    trip: number,
    pattern: number,
    day: number,
    boardPos: number,
    start: number,
    end: number,
    previous: number,
    next: number,
  ): void {
    this.pending.push(this.trip.length);
    this.trip.push(trip);
    this.pattern.push(pattern);
    this.day.push(day);
    this.boardPos.push(boardPos);
    this.start.push(start);
    this.end.push(end);
    this.previous.push(previous);
    this.next.push(next);
  }

  /** Takes the entries offered for this round. */
  take(): number[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
}
