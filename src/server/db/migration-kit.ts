import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from './database.ts';

export interface MigrationContext {
  dialect: Dialect;
}

/** The one column definition that differs between the two databases. */
export function idColumn(c: ColumnDefinitionBuilder, dialect: Dialect): ColumnDefinitionBuilder {
  return dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}
