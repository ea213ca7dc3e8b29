import { clampTitle } from './decode.js';
import type { Budget } from './limits.js';
import { readXmlIfPresent } from './parts.js';
import { allText, find } from './xml.js';
import type { ZipArchive } from './zip.js';

async function dcTitle(zip: ZipArchive, part: string, budget: Budget): Promise<string | null> {
  const nodes = await readXmlIfPresent(zip, part, budget);
  const title = nodes ? find(nodes, 'title') : undefined;
  return title ? clampTitle(allText(title)) : null;
}

/** dc:title of docProps/core.xml (DOCX, XLSX, PPTX). */
export function coreTitle(zip: ZipArchive, budget: Budget): Promise<string | null> {
  return dcTitle(zip, 'docProps/core.xml', budget);
}

/** dc:title of meta.xml (ODT, ODS, ODP). */
export function odfTitle(zip: ZipArchive, budget: Budget): Promise<string | null> {
  return dcTitle(zip, 'meta.xml', budget);
}
