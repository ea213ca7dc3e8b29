import { pgTable, text } from 'drizzle-orm/pg-core';
import type { OrgRecord } from '../../model/access.js';
import { parentIdColumn, timestamps, type SameShape } from './columns.js';

export const orgs = pgTable('orgs', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  ...timestamps,
});

/** A row's organization (`org_id`): deleting the organization deletes the row. */
export const orgIdColumn = () => parentIdColumn('org_id', () => orgs.id);

/** The columns a record of an organization starts with: its own id, and its organization (`orgIdColumn`). */
export const orgRecordColumns = () => ({ id: text('id').primaryKey(), orgId: orgIdColumn() });

export type OrgRow = SameShape<typeof orgs.$inferSelect, OrgRecord>;
