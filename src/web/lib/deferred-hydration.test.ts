import { expect, test } from 'vitest';
import { keyReplayQueue } from './deferred-hydration.ts';

// The queue of keys pressed before the app was live: replayed in the order they were pressed,
// also when more keys arrive while the replay is under way.

const GAP_MS = 15;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('keys are replayed in the order they were pressed, a gap apart', async () => {
  const seen: { key: string; at: number }[] = [];
  const start = performance.now();
  const queue = keyReplayQueue<string>((key) => seen.push({ key, at: performance.now() - start }), GAP_MS);
  for (const key of ['f', 'c', 'f']) queue.push(key);
  expect(seen).toEqual([]);
  queue.replay();
  await wait(GAP_MS * 6);
  expect(seen.map((s) => s.key)).toEqual(['f', 'c', 'f']);
  expect((seen[2]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(GAP_MS * 2 - 2);
  expect(queue.busy()).toBe(false);
});

test('a key arriving mid-replay waits behind the queued keys instead of overtaking them', async () => {
  const seen: string[] = [];
  const queue = keyReplayQueue<string>((key) => seen.push(key), GAP_MS);
  queue.push('f');
  queue.push('f');
  queue.replay();
  // The first f is out, the second still waits: h, typed now, must come after it.
  expect(seen).toEqual(['f']);
  expect(queue.busy()).toBe(true);
  queue.push('h');
  queue.replay();
  await wait(GAP_MS * 6);
  expect(seen).toEqual(['f', 'f', 'h']);
});

test('the queue stays busy until the last replayed key’s gap has passed', async () => {
  const seen: string[] = [];
  const queue = keyReplayQueue<string>((key) => seen.push(key), GAP_MS);
  expect(queue.busy()).toBe(false);
  queue.push('f');
  queue.replay();
  expect(seen).toEqual(['f']);
  // Its effect may not be rendered yet: a key now still queues, and comes a gap later.
  expect(queue.busy()).toBe(true);
  queue.push('h');
  expect(seen).toEqual(['f']);
  await wait(GAP_MS * 5);
  expect(seen).toEqual(['f', 'h']);
  expect(queue.busy()).toBe(false);
});
