import type { SkippedObject, SourceItem, SyncPage } from './types.js';

const ITEMS_PER_PAGE = 20;
const DELETIONS_PER_PAGE = 500;

const NOTHING_HELD: ReadonlySet<string> = new Set();

/**
 * Gathers one page of a sync at a time, and counts *new* items against the engine's `maxItems`:
 * an item the connection holds (`held`) is always taken, and so are deletions; past the limit a new
 * item is left out and the run goes on (edits, deletions and the cursor still move).
 */
export class PageBuilder {
  private items: SourceItem[] = [];
  private deletions: string[] = [];
  private skipped: SkippedObject[] = [];
  private remaining: number | null;
  private readonly held: ReadonlySet<string>;

  constructor(request: { maxItems: number | null; held?: ReadonlySet<string> }) {
    this.remaining = request.maxItems === null ? null : Math.max(0, Math.floor(request.maxItems));
    this.held = request.held ?? NOTHING_HELD;
  }

  /** Whether an item with this externalId would be taken: ask before downloading its content. */
  wants(externalId: string): boolean {
    return this.remaining !== 0 || this.held.has(externalId);
  }

  /** Big enough to hand over now. */
  get full(): boolean {
    return this.items.length >= ITEMS_PER_PAGE || this.deletions.length >= DELETIONS_PER_PAGE;
  }

  get empty(): boolean {
    return this.items.length === 0 && this.deletions.length === 0;
  }

  /** Takes the item; false (and left out) when it is new and the limit leaves no room. */
  add(item: SourceItem): boolean {
    if (!this.held.has(item.externalId) && this.remaining !== null) {
      if (this.remaining === 0) return false;
      this.remaining--;
    }
    this.items.push(item);
    return true;
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
