import { describe, expect, test } from 'vitest';
import { WriteTracker, Writes } from './write-tracker.ts';

// What a member's kept reads are as of (db/table-reads.ts): another server's writes, gathered
// into one announcement (shared-writes.ts), move them for the members they name, and for every
// member when any of the gathered writes named none.

describe('members’ versions', () => {
  test('a write of member 1’s likes moves member 1’s alone; a write of the table for everyone moves all', () => {
    const tracker = new WriteTracker();
    const [one, two] = [tracker.memberVersion('likes', 1), tracker.memberVersion('likes', 2)];
    tracker.remote({ tables: ['likes'], seen: false, members: { likes: [1] } });
    expect(tracker.memberVersion('likes', 1)).not.toBe(one);
    expect(tracker.memberVersion('likes', 2)).toBe(two);
    const users = tracker.memberVersion('users', 2);
    tracker.remote({ tables: ['users'], seen: true });
    expect(tracker.memberVersion('users', 2)).not.toBe(users);
  });

  test('gathered writes: one that named no members makes the whole write for everyone', () => {
    const writes = new Writes();
    writes.add({ tables: ['sessions'], seen: false, members: { sessions: [1] } });
    writes.add({ tables: ['sessions', 'notifications'], seen: false, members: { notifications: [2] } });
    writes.add({ tables: ['notifications'], seen: false, members: { notifications: [3] } });
    expect(writes.written()).toEqual({ tables: ['sessions', 'notifications'], seen: false, members: { notifications: [2, 3] } });
  });

  test('while other servers cannot be heard, no member’s version stays the same', () => {
    const tracker = new WriteTracker();
    tracker.setBlind(true);
    expect(tracker.memberVersion('sessions', 1)).not.toBe(tracker.memberVersion('sessions', 1));
    tracker.setBlind(false);
    expect(tracker.memberVersion('sessions', 1)).toBe(tracker.memberVersion('sessions', 1));
  });
});
