import { useConsole } from '../context';
import { plural } from '../format';

const count = (n: number, one: string, many: string) => (Number.isNaN(n) ? '' : plural(n, one, many));

/** The container tag every page works in, with its counts; "all" covers every tag the key sees. */
export function TagSelect() {
  const { tags, tag, setTag } = useConsole();
  const known = tag === null || tags.some((t) => t.containerTag === tag);
  return (
    <div className="tag-select">
      <label htmlFor="tag-select">Container tag</label>
      <select id="tag-select" value={tag ?? ''} onChange={(e) => setTag(e.target.value || null)}>
        <option value="">All tags</option>
        {!known && tag ? <option value={tag}>{tag}</option> : null}
        {tags.map((t) => {
          const counts = [count(t.documentCount, 'doc', 'docs'), count(t.memoryCount, 'memory', 'memories')].filter(Boolean).join(', ');
          return (
            <option key={t.containerTag} value={t.containerTag}>
              {t.containerTag}
              {counts ? ` (${counts})` : ''}
            </option>
          );
        })}
      </select>
    </div>
  );
}
