import { type Section, type SectionKey, sectionByKey } from '#shared/sections.ts';
import { business } from './business.tsx';
import { community } from './community.ts';
import { customer } from './customer.ts';
import { housing } from './housing.tsx';
import { jobs } from './jobs.tsx';
import type { WebKind } from './kind.ts';
import { life } from './life.ts';
import { market } from './market.tsx';
import { news } from './news.tsx';
import { organizations } from './organizations.tsx';

// Every section's web declaration, one line each. In the home page's order: its boxes and the
// listings of 내 판매·구인 글 go by it.

export const KINDS: Record<SectionKey, WebKind> = {
  news,
  market,
  housing,
  jobs,
  business,
  community,
  life,
  organizations,
  customer,
};

export const kindOf = (key: SectionKey): WebKind => KINDS[key];

/** The kind of a key that may name no section (an address's `?section=`, 댓글's tab). */
export const kindByKey = (key: string): WebKind | undefined => (KINDS as Partial<Record<string, WebKind>>)[key];

/** The sections with their kinds, in this file's order. */
export const KINDS_IN_ORDER = Object.entries(KINDS).map(([key, kind]) => ({ section: sectionByKey(key) as Section, kind }));
