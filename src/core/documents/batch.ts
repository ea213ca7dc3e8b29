import type { Principal } from '../../model/access.js';
import { DomainError } from '../../model/errors.js';
import type { DocumentService } from './document-service.js';
import type { DocumentInput } from './inputs.js';

export interface BatchInput {
  /** Each a text, URL or full document; fields left out of one are taken from `defaults`. */
  documents: (string | DocumentInput)[];
  defaults: Omit<DocumentInput, 'content'>;
}

export interface BatchResult {
  id: string;
  status: string;
  error?: string;
  details?: string;
}

/**
 * Adds documents one by one: each is refused or accepted on its own, a refusal (bad input, a tag
 * the key may not write) is reported in its result, and any other failure stops the batch.
 */
export async function addDocumentBatch(
  documents: DocumentService,
  principal: Principal,
  input: BatchInput,
): Promise<{ results: BatchResult[]; success: number; failed: number }> {
  const results: BatchResult[] = [];
  for (const item of input.documents) {
    const document = typeof item === 'string' ? { ...input.defaults, content: item } : { ...input.defaults, ...item };
    try {
      results.push(await documents.add(principal, document));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ id: '', status: 'error', error: error.message, ...(error.details ? { details: error.details } : {}) });
    }
  }
  const failed = results.filter((r) => r.status === 'error').length;
  return { results, success: results.length - failed, failed };
}
