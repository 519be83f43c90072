// The early-cancel list of resumableTurns (a Stop before the turn began): per user and route, a few each, for a few
// seconds; a cancel visits only the entries that expired, not every user's (issue 45's review).
import { describe, expect, it } from 'vitest';
import { mapEntriesRead } from '../map-visits-test-support.js';
import { EarlyCancels } from './early-cancels.js';

const ID = (n: number | string) => `turn-${n}-0123456789abcdef`;

describe('EarlyCancels', () => {
  it('a cancel is taken once, by its user on its route, within the wait only', () => {
    let now = 0;
    const cancels = new EarlyCancels({ waitMs: 5000, perUser: 32, now: () => now });
    cancels.cancel(ID(1), '/api/agent', 'alice');
    expect(cancels.take(ID(1), '/api/agent', 'bob')).toBe(false); // another user's
    expect(cancels.take(ID(1), '/api/agui', 'alice')).toBe(false); // another route's
    expect(cancels.take(ID(1), '/api/agent', 'alice')).toBe(true);
    expect(cancels.take(ID(1), '/api/agent', 'alice')).toBe(false); // once
    cancels.cancel(ID(2), '/api/agent', 'alice');
    now = 5001;
    expect(cancels.take(ID(2), '/api/agent', 'alice')).toBe(false); // too late
    expect(cancels.take(undefined, '/api/agent', 'alice')).toBe(false);
    expect(cancels.size).toBe(0);
  });

  it("a user's flood drops only that user's oldest; another user's cancel stays", () => {
    const cancels = new EarlyCancels({ waitMs: 5000, perUser: 32, now: () => 0 });
    cancels.cancel(ID('alice'), '/api/agent', 'alice');
    cancels.cancel(ID('alice'), '/api/agent', 'bob'); // Bob names Alice's id: his own entry
    for (let index = 0; index < 1000; index++) cancels.cancel(ID(index), '/api/agent', 'bob');
    expect(cancels.size).toBe(33);
    expect(cancels.take(ID('alice'), '/api/agent', 'bob')).toBe(false); // crowded out of Bob's 32
    expect(cancels.take(ID(999), '/api/agent', 'bob')).toBe(true);
    expect(cancels.take(ID('alice'), '/api/agent', 'alice')).toBe(true);
  });

  it('expired entries go, oldest first, at the next cancel of anyone; newer ones stay', () => {
    let now = 0;
    const cancels = new EarlyCancels({ waitMs: 5000, perUser: 32, now: () => now });
    for (let user = 0; user < 1000; user++) cancels.cancel(ID(user), '/api/agent', `early-${user}`);
    now = 3000;
    for (let user = 0; user < 1000; user++) cancels.cancel(ID(user), '/api/agent', `later-${user}`);
    // Cancelled again: it lives from now on.
    cancels.cancel(ID(7), '/api/agent', 'early-7');
    now = 5500;
    cancels.cancel(ID('x'), '/api/agent', 'someone');
    expect(cancels.size).toBe(1002);
    expect(cancels.take(ID(1), '/api/agent', 'early-1')).toBe(false);
    expect(cancels.take(ID(7), '/api/agent', 'early-7')).toBe(true);
    expect(cancels.take(ID(1), '/api/agent', 'later-1')).toBe(true);
  });

  it('a cancel reads the same few entries with 10,000 other users’ cancels pending as with none (no sweep over every user)', async () => {
    const entriesRead = (pending: number) => {
      const cancels = new EarlyCancels({ waitMs: 5000, perUser: 32, now: () => 0 });
      for (let user = 0; user < pending; user++) cancels.cancel(ID(user), '/api/agent', `user-${user}`);
      return mapEntriesRead(() => {
        for (let index = 0; index < 200; index++) cancels.cancel(ID(index), '/api/agent', 'flooder');
      });
    };
    const alone = await entriesRead(0);
    expect(alone).toBeGreaterThan(0);
    // Counts, not a clock: a sweep over every user's entries per cancel would read 200 × 10,000 of them.
    expect(await entriesRead(10_000)).toBe(alone);
  });
});
