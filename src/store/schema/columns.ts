import { type AnyPgColumn, customType, text, timestamp } from 'drizzle-orm/pg-core';
import { vectorLiteral } from '../sql.js';

/**
 * A pgvector column without a fixed dimension. The dimension belongs to the configured embedding
 * model, not to the schema: it is recorded in `embedding_space`, and the HNSW indexes (which do
 * need one) are built over `embedding::vector(<dimension>)` once the model is known.
 */
export const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => vectorLiteral(value),
  fromDriver: (value) => JSON.parse(value) as number[],
});

export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A point in time (`timestamp with time zone`), read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
};

/** The id of the row this one belongs to (`parent`): always set, and deleting the parent deletes this row. */
export const parentIdColumn = (name: string, parent: () => AnyPgColumn) => text(name).notNull().references(parent, { onDelete: 'cascade' });

/**
 * Compile-time proof that a table's rows have exactly the shape of their model type, so the
 * model types the other layers use cannot drift from the columns: `type _ = SameShape<Row, Model>`.
 */
export type SameShape<Row, Model extends [Row] extends [Model] ? ([Model] extends [Row] ? unknown : never) : never> = Model;
