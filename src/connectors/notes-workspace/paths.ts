import { type NotionClient, type NotionDatabase, type NotionDataSource, type NotionPage, type NotionParent, UnreadableObject } from './api.js';
import { titleOf } from './content.js';

const MAX_ANCESTORS = 10;

type Titled = NotionPage | NotionDatabase | NotionDataSource;
type Collection = 'pages' | 'databases' | 'data_sources';

/**
 * Path-like locations from titles (`/Team wiki/Onboarding`), for include/exclude rules: from what the
 * listing showed in this run and, for other ancestors, one request each (remembered for the run).
 * A data source sits under its database (`/Projects/Archive`), and a database's name is left out
 * where its data source bears the same (a database of one table: `/Team wiki/Tasks`). An ancestor
 * that cannot be read ends the path there.
 */
export class TitlePaths {
  private readonly objects = new Map<string, Titled | null>();

  constructor(private readonly api: NotionClient) {}

  see(object: Titled): void {
    this.objects.set(object.id, object);
  }

  async of(object: Titled): Promise<string> {
    const names = [titleOf(object)];
    let child: Titled = object;
    for (let depth = 0; depth < MAX_ANCESTORS; depth++) {
      const next = ancestorOf(child.parent);
      if (!next) break;
      const ancestor = await this.lookup(next.id, next.collection);
      if (!ancestor) break;
      const name = titleOf(ancestor);
      if (!(ancestor.object === 'database' && child.object === 'data_source' && titleOf(child) === name)) names.unshift(name);
      child = ancestor;
    }
    return `/${names.map((n) => n.replace(/\//g, '∕')).join('/')}`;
  }

  private async lookup(id: string, collection: Collection): Promise<Titled | null> {
    if (!this.objects.has(id)) {
      let found: Titled | null;
      try {
        found = await this.api.get<Titled>(`/${collection}/${encodeURIComponent(id)}`);
      } catch (err) {
        if (!(err instanceof UnreadableObject)) throw err;
        found = null;
      }
      this.objects.set(id, found);
    }
    return this.objects.get(id) ?? null;
  }
}

function ancestorOf(parent: NotionParent): { id: string; collection: Collection } | null {
  if (parent.type === 'page_id') return { id: parent.page_id, collection: 'pages' };
  if (parent.type === 'data_source_id') return { id: parent.data_source_id, collection: 'data_sources' };
  if (parent.type === 'database_id') return { id: parent.database_id, collection: 'databases' };
  return null;
}
