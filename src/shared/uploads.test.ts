import { describe, expect, test } from 'vitest';
import { thumbnailName, thumbnailOf } from './uploads.ts';

describe('thumbnails', () => {
  const hex = '0123456789abcdef0123456789abcdef';
  test('a stored image’s thumbnail is its name with -t.webp', () => {
    expect(thumbnailName(`${hex}.jpg`)).toBe(`${hex}-t.webp`);
    expect(thumbnailOf(`/api/webdata/${hex}.png`)).toBe(`/api/webdata/${hex}-t.webp`);
  });
  test('anything that is not one of our image names stays as it is', () => {
    expect(thumbnailOf(`/api/webdata/${hex}-t.webp`)).toBe(`/api/webdata/${hex}-t.webp`);
    expect(thumbnailOf('/images/logo.png')).toBe('/images/logo.png');
    expect(thumbnailOf('')).toBe('');
  });
});
