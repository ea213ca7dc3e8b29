import { z } from 'zod';
import { CONTAINER_TAG_MAX, CONTAINER_TAG_PATTERN } from '../model/tags.js';

export const ContainerTag = z.string().min(1).max(CONTAINER_TAG_MAX).regex(CONTAINER_TAG_PATTERN, 'containerTag may contain letters, digits, _ : -');

export const SpaceArgument = ContainerTag.optional().describe(
  'The space (container tag: a user, project or workspace id) to use; default: the current space (see switch_space)',
);

export const MemoryId = z.string().min(1).max(255);
