import { fakerKO as faker } from '@faker-js/faker';
import type { Executor } from '#server/db/database.ts';
import { AREA_CODE, type Location } from './demo-data/places.ts';
import type { DemoImages } from './images.ts';

// What one seeding run carries from section to section, and the picks every section makes.

export interface Member {
  id: number;
  nickname: string;
}

export interface Seeder {
  db: Executor;
  now: number;
  members: Member[];
  editor: Member;
  images: DemoImages;
  counts: Record<string, number>;
}

/** The templates repeated or cut to base × scale items. */
export function scaled<T>(templates: T[], scale: number): T[] {
  const n = Math.max(1, Math.round(templates.length * scale));
  return Array.from({ length: n }, (_, i) => templates[i % templates.length]!);
}

/** Fictional numbers: 555-0100 to 555-0199 are reserved for examples. */
export function phone(location: Location): string {
  return `(${AREA_CODE[location]}) 555-01${String(faker.number.int({ min: 0, max: 99 })).padStart(2, '0')}`;
}

/** The members who post in the member sections: everyone but the editorial desk. */
export function regulars(s: Seeder): Member[] {
  return s.members.filter((m) => m.id !== s.editor.id);
}
