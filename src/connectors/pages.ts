import type { SkippedObject, SourceItem, SyncPage } from './types.js';

const ITEMS_PER_PAGE = 20;
const DELETIONS_PER_PAGE = 500;

/** Gathers one page of a sync at a time, and counts items against the engine's `maxItems`. */
export class PageBuilder {
  private items: SourceItem[] = [];
  private deletions: string[] = [];
  private skipped: SkippedObject[] = [];
  private remaining: number | null;

  constructor(maxItems: number | null) {
    this.remaining = maxItems === null ? null : Math.max(0, Math.floor(maxItems));
  }

  /** No further item may be added in this run. */
  get exhausted(): boolean {
    return this.remaining === 0;
  }

  /** Big enough to hand over now. */
  get full(): boolean {
    return this.items.length >= ITEMS_PER_PAGE || this.deletions.length >= DELETIONS_PER_PAGE;
  }

  get empty(): boolean {
    return this.items.length === 0 && this.deletions.length === 0;
  }

  add(item: SourceItem): void {
    if (this.remaining === 0) throw new Error('no item may be added past maxItems');
    this.items.push(item);
    if (this.remaining !== null) this.remaining--;
  }

  remove(externalId: string): void {
    this.deletions.push(externalId);
  }

  /** An object the run could not read: reported with the next page, not fatal. */
  skip(externalId: string, reason: string): void {
    this.skipped.push({ externalId, reason });
  }

  /** The page so far with a snapshot of `cursor`, which the caller goes on changing. */
  take(cursor: unknown): SyncPage {
    const page: SyncPage = { items: this.items, deletions: this.deletions, cursor: structuredClone(cursor) };
    if (this.skipped.length > 0) page.skipped = this.skipped;
    this.items = [];
    this.deletions = [];
    this.skipped = [];
    return page;
  }
}
