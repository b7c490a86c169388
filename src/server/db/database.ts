import { type Generated, type Kysely, type Selectable, type Transaction } from 'kysely';

// The schema both databases share. Times are ISO-8601 UTC text on both (see lib/clock.ts), so
// rows read the same from SQLite and PostgreSQL.

export interface UsersTable {
  id: Generated<number>;
  loginid: string;
  passwd: string;
  name: string;
  nickname: string;
  /** nickname folded for the uniqueness rule (case- and width-insensitive). */
  nicknamekey: string;
  email: string;
  tel: string;
  hp: string;
  level: number;
  status: number;
  use: number;
  remark: string;
  logindate: string;
  lastchangepasswddate: string;
  date: string;
}

/** E-mail codes for sign-up and password reset. */
export interface VerificationsTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  codehash: string;
  attempts: number;
  senddate: string;
  expiredate: string;
  confirmdate: string;
  usedate: string;
}

export interface Database {
  users: UsersTable;
  verifications: VerificationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type VerificationRow = Selectable<VerificationsTable>;

export type Db = Kysely<Database>;
/** Repositories take an executor: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';
