import { expect, test } from 'vitest';
import { keyOfCode, matchKeys, SHORTCUT_COMMANDS, SHORTCUT_TARGETS, shortcutsAllowed } from './shortcuts.ts';

const ALL = SHORTCUT_TARGETS.map((t) => t.keys);

test('keys are read from the physical key, whatever the input method makes of it', () => {
  expect(keyOfCode('KeyF')).toBe('f');
  expect(keyOfCode('KeyM')).toBe('m');
  expect(keyOfCode('Digit0')).toBe('0');
  expect(keyOfCode('Numpad0')).toBe('0');
  expect(['Escape', 'Enter', 'Space', 'Tab', 'ShiftLeft', 'Semicolon'].map(keyOfCode)).toEqual(['', '', '', '', '', '']);
});

test('a key that only one target has runs at once', () => {
  expect(matchKeys('s', ALL)).toEqual({ step: 'go', exact: true });
  expect(matchKeys('cf', ALL)).toEqual({ step: 'go', exact: true });
  expect(matchKeys('mm', ALL)).toEqual({ step: 'go', exact: true });
});

test('a key that starts longer targets waits, and knows it is a target of its own', () => {
  expect(matchKeys('c', ALL)).toEqual({ step: 'wait', exact: true });
  expect(matchKeys('m', ALL)).toEqual({ step: 'wait', exact: true });
  expect(matchKeys('c', ['cf', 'ci'])).toEqual({ step: 'wait', exact: false });
});

test('keys that match nothing do nothing', () => {
  expect(matchKeys('x', ALL).step).toBe('none');
  expect(matchKeys('cx', ALL).step).toBe('none');
  // A target missing from the page (a header without the search field) is not run.
  expect(matchKeys('s', ['c', 'cf']).step).toBe('none');
});

test('no target starts with a command key, and every SPEC §2 route has a target', () => {
  const commands: string[] = Object.values(SHORTCUT_COMMANDS);
  expect(ALL.filter((k) => commands.includes(k[0] ?? ''))).toEqual([]);
  const routes = SHORTCUT_TARGETS.map((t) => t.to);
  for (const route of [
    '/',
    '/customer',
    '/customer/faq',
    '/customer/inquiry',
    '/mypage',
    '/mypage/like',
    '/mypage/inquiry',
    '/mypage/myinfo',
  ]) {
    expect(routes).toContain(route);
  }
  expect(new Set(ALL).size).toBe(ALL.length);
});

test('write pages and the inquiry form switch shortcuts off', () => {
  for (const path of [
    '/jobs/write',
    '/community/write',
    '/customer/write',
    '/admin/mainschedule/write',
    '/customer/inquiry',
    '/customer/inquiry/',
  ]) {
    expect(shortcutsAllowed(path), path).toBe(false);
  }
  for (const path of ['/', '/customer', '/customer/faq', '/mypage/inquiry', '/news/12', '/writers']) {
    expect(shortcutsAllowed(path), path).toBe(true);
  }
});
