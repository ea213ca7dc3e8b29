import { z } from 'zod';
import { ContainerTag, ContainerTags, CustomId, DocumentDate, EntityContext, Filepath, Metadata, TaskType } from './common.js';

/** The fields a document may be written with, besides its content. */
export const documentFields = {
  containerTag: ContainerTag.nullish(),
  containerTags: ContainerTags.nullish(),
  customId: CustomId.nullish(),
  metadata: Metadata.nullish(),
  taskType: TaskType.nullish(),
  filepath: Filepath.nullish(),
  documentDate: DocumentDate.nullish(),
  entityContext: EntityContext.nullish(),
  title: z.string().max(500).nullish(),
  filterByMetadata: z.record(z.string(), z.unknown()).nullish(),
  dreaming: z.enum(['instant', 'dynamic']).nullish(),
};

export const AddDocumentBody = z
  .object({
    content: z.string().min(1).describe('Text, markdown, or an http(s) URL to fetch'),
    ...documentFields,
  })
  .meta({ id: 'AddDocument' });

/** What a write answers: the document and where it is on its way through ingest. */
export const WriteResponse = z.object({ id: z.string(), status: z.string() });

export const IdParams = z.object({ id: z.string().min(1).max(255) });
