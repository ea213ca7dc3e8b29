import { expect } from 'vitest';
import { ConnectorError, type SourceItem, type SyncPage } from '../../src/connectors/types.js';

/** Every page of a sync, in order. */
export async function drain(pages: AsyncIterable<SyncPage>): Promise<SyncPage[]> {
  const all: SyncPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

export const itemsOf = (pages: SyncPage[]): SourceItem[] => pages.flatMap((p) => p.items);
export const deletionsOf = (pages: SyncPage[]): string[] => pages.flatMap((p) => p.deletions);

/** The ConnectorError a promise rejects with (the test fails when it resolves or throws something else). */
export async function connectorFailure(promise: Promise<unknown>): Promise<ConnectorError> {
  const err = await promise.then(
    () => new Error('expected a ConnectorError'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectorError);
  return err as ConnectorError;
}

export function textOf(item: SourceItem): string {
  return 'text' in item.body ? item.body.text : new TextDecoder().decode(item.body.bytes);
}
