/** What callers send to add, upload, update and list documents. */
import type { FiltersInput } from '../../model/filters.js';
import type { Metadata, TaskType } from '../../model/documents.js';

export interface DocumentInput {
  content: string;
  containerTag?: string | null;
  containerTags?: string[] | null;
  customId?: string | null;
  metadata?: Metadata | null;
  taskType?: TaskType | null;
  filepath?: string | null;
  documentDate?: string | null;
  entityContext?: string | null;
  title?: string | null;
  /** `conversation`: content is a serialized conversation, rendered at extraction. */
  sourceType?: 'conversation';
  /**
   * An existing text document of this customId grows by the content instead of taking it as its
   * own (`appendedSource`); a URL, file or conversation document is replaced as without it.
   */
  append?: boolean;
}

export interface FileInput extends Omit<DocumentInput, 'content'> {
  bytes: Uint8Array;
  filename: string | null;
  mimeType: string | null;
  fileType?: string | null;
}

export interface DocumentPatchInput extends Partial<Omit<DocumentInput, 'content'>> {
  content?: string;
}

export interface ListInput {
  containerTags?: string[];
  filters?: FiltersInput | null;
  includeContent?: boolean;
  limit: number;
  page: number;
  sort: 'createdAt' | 'updatedAt';
  order: 'asc' | 'desc';
  source?: string;
  filepath?: string;
}
