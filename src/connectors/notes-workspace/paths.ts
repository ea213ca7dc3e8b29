import type { NotionClient, NotionDatabase, NotionPage } from './api.js';
import { titleOf } from './content.js';

const MAX_ANCESTORS = 10;

/**
 * Path-like locations from titles (`/Team wiki/Onboarding`), for include/exclude rules: from what the
 * listing showed in this run and, for other ancestors, one request each (remembered for the run).
 */
export class TitlePaths {
  private readonly objects = new Map<string, NotionPage | NotionDatabase | null>();

  constructor(private readonly api: NotionClient) {}

  see(object: NotionPage | NotionDatabase): void {
    this.objects.set(object.id, object);
  }

  async of(object: NotionPage | NotionDatabase): Promise<string> {
    const names = [titleOf(object)];
    let parent = object.parent;
    for (let depth = 0; depth < MAX_ANCESTORS; depth++) {
      const id = parent.type === 'page_id' ? parent.page_id : parent.type === 'database_id' ? parent.database_id : null;
      if (!id) break;
      const ancestor = await this.lookup(id, parent.type === 'page_id' ? 'pages' : 'databases');
      if (!ancestor) break;
      names.unshift(titleOf(ancestor));
      parent = ancestor.parent;
    }
    return `/${names.map((n) => n.replace(/\//g, '∕')).join('/')}`;
  }

  private async lookup(id: string, kind: 'pages' | 'databases'): Promise<NotionPage | NotionDatabase | null> {
    if (!this.objects.has(id)) this.objects.set(id, await this.api.get<NotionPage | NotionDatabase>(`/${kind}/${encodeURIComponent(id)}`));
    return this.objects.get(id) ?? null;
  }
}
