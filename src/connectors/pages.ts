import type { SkippedObject, SourceItem, SyncPage } from './types.js';

const ITEMS_PER_PAGE = 20;
const DELETIONS_PER_PAGE = 500;
const KEPT_PER_PAGE = 1000;

const NOTHING_HELD: ReadonlySet<string> = new Set();
const NO_VERSIONS: ReadonlyMap<string, string> = new Map();

/**
 * Gathers one page of a sync at a time, and counts *new* items against the engine's `maxItems`:
 * an item the connection holds (`held`) is always taken, and so are deletions; past the limit a new
 * item is left out and the run goes on (edits, deletions and the cursor still move). It also knows
 * the version each held document was imported at: an item the source still has at that version is
 * kept (`unchanged`), never downloaded again.
 */
export class PageBuilder {
  private items: SourceItem[] = [];
  private deletions: string[] = [];
  private skipped: SkippedObject[] = [];
  private kept: string[] = [];
  private remaining: number | null;
  private readonly held: ReadonlySet<string>;
  private readonly versions: ReadonlyMap<string, string>;

  constructor(request: { maxItems: number | null; held?: ReadonlySet<string>; versions?: ReadonlyMap<string, string> }) {
    this.remaining = request.maxItems === null ? null : Math.max(0, Math.floor(request.maxItems));
    this.held = request.held ?? NOTHING_HELD;
    this.versions = request.versions ?? NO_VERSIONS;
  }

  /**
   * Whether the connection holds this item at this version already; if so it is kept (reported in
   * the page's `kept`) and the caller downloads nothing. Ask with the version the source's metadata
   * gives, before any download.
   */
  unchanged(externalId: string, version: string): boolean {
    if (this.versions.get(externalId) !== version) return false;
    this.kept.push(externalId);
    return true;
  }

  /** Whether an item with this externalId would be taken: ask before downloading its content. */
  wants(externalId: string): boolean {
    return this.remaining !== 0 || this.held.has(externalId);
  }

  /** Big enough to hand over now. */
  get full(): boolean {
    return this.items.length >= ITEMS_PER_PAGE || this.deletions.length >= DELETIONS_PER_PAGE || this.kept.length >= KEPT_PER_PAGE;
  }

  get empty(): boolean {
    return this.items.length === 0 && this.deletions.length === 0 && this.kept.length === 0;
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
    if (this.kept.length > 0) page.kept = this.kept;
    this.items = [];
    this.deletions = [];
    this.skipped = [];
    this.kept = [];
    return page;
  }
}
