import { describe, expect, test } from 'vitest';
import { toastSide } from './toast-side.ts';

const stack = { top: 12, bottom: 80, left: 16, right: 344 };
const field = (top: number, height = 48, left = 16, right = 344) => ({ top, bottom: top + height, left, right });

describe('where the message box stands', () => {
  test('at the top when nothing has focus or the focused field is clear of it', () => {
    expect(toastSide(null, stack, 800, 12)).toBe('top');
    expect(toastSide(field(300), stack, 800, 12)).toBe('top');
    expect(toastSide(field(20, 48, 400, 600), stack, 800, 12)).toBe('top'); // beside it, on a desk
  });

  test('at the bottom when at the top it would cover the focused field', () => {
    expect(toastSide(field(20), stack, 800, 12)).toBe('bottom');
    // Above an on-screen keyboard: only 420 px are visible, the field is still clear of it there.
    expect(toastSide(field(40), stack, 420, 12)).toBe('bottom');
  });

  test('a field taller than the screen: where it covers less', () => {
    expect(toastSide(field(50, 1000), stack, 800, 12)).toBe('top');
    expect(toastSide(field(-200, 290), stack, 800, 12)).toBe('bottom');
  });
});
