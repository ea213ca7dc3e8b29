import { pgTable, text } from 'drizzle-orm/pg-core';
import type { OrgRecord } from '../../model/access.js';
import { timestamps, type SameShape } from './columns.js';

export const orgs = pgTable('orgs', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  ...timestamps,
});

export type OrgRow = SameShape<typeof orgs.$inferSelect, OrgRecord>;
