import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The id an imported record gets: derived from the target (organization and tag) and the id it had
 * in the export, so a re-run import finds what it already wrote (idempotence) without keeping a map
 * of every id in memory, and two imports of one file into two tags never collide.
 */
export function importedId(orgId: string, containerTag: string, exportedId: string): string {
  const digest = createHash('sha256').update(`${orgId}\u0000${containerTag}\u0000${exportedId}`).digest();
  let id = '';
  for (let i = 0; i < 22; i++) id += BASE62[digest[i] % 62];
  return id;
}
