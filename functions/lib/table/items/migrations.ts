import * as z from 'zod';
import { stored, tableKey } from './stored';

/** A one-off change of the table's items that has been made (functions/hardware/list-backfill.ts). */
export const migrationItemSchema = z.object({ name: z.string(), done_at: z.string() });
export type MigrationItem = z.infer<typeof migrationItemSchema>;

export const migrations = {
  key: (name: string) => tableKey('MIGRATIONS', `MIGRATION#${name}`),
  item: (migration: MigrationItem) => stored(migration, migrations.key(migration.name)),
};
