import { useState, type FormEvent } from 'react';
import { ApiError, post } from '../api/client';
import type { SearchAnswer, SearchResult } from '../api/types';
import { ErrorMessage } from '../components/ErrorMessage';
import { Retrievers, Timings } from '../components/Explanation';
import { announce } from '../components/LiveRegion';
import { useConsole } from '../context';
import { plural } from '../format';
import { useAction } from '../hooks';
import { Link } from '../router';

const MODES = ['memories', 'hybrid', 'documents'] as const;
type Mode = (typeof MODES)[number];

interface ModeResult {
  answer?: SearchAnswer;
  error?: unknown;
  /** Measured in the browser: request to answer. */
  roundTripMs: number;
}

/** The same query in every search mode, side by side, with scores and timing. */
export function SearchPage() {
  const { tag } = useConsole();
  const [q, setQ] = useState('');
  // The service's default threshold (src/core/search/search-service.ts), so the console finds what the API does.
  const [threshold, setThreshold] = useState('0.4');
  const [limit, setLimit] = useState('10');
  const [results, setResults] = useState<Partial<Record<Mode, ModeResult>>>({});

  const search = useAction(async () => {
    const body = {
      q,
      ...(tag ? { containerTag: tag } : {}),
      threshold: Number(threshold),
      limit: Number(limit),
      explain: true,
    };
    const settled = await Promise.all(
      MODES.map(async (mode): Promise<[Mode, ModeResult]> => {
        const started = performance.now();
        try {
          const answer = await post<SearchAnswer>('/v4/search', { ...body, searchMode: mode });
          return [mode, { answer, roundTripMs: performance.now() - started }];
        } catch (error) {
          return [mode, { error, roundTripMs: performance.now() - started }];
        }
      }),
    );
    setResults(Object.fromEntries(settled));
    // Each column shows its count above its results: said to screen readers, not laid over the results.
    announce(settled.map(([mode, r]) => `${mode}: ${r.answer ? r.answer.total : 'error'}`).join(', '), { visible: false });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search.run();
  };

  return (
    <>
      <h1>Search playground{tag ? ` in ${tag}` : ''}</h1>
      <form className="card search-form" onSubmit={submit}>
        <div className="field grow">
          <label htmlFor="search-q">Query</label>
          <input id="search-q" type="search" value={q} required onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="search-threshold">Threshold (0–1)</label>
          <input id="search-threshold" type="number" min={0} max={1} step={0.05} value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="search-limit">Limit</label>
          <input id="search-limit" type="number" min={1} max={100} value={limit} onChange={(e) => setLimit(e.target.value)} />
        </div>
        <button type="submit" disabled={search.pending || !q.trim()}>
          {search.pending ? 'Searching…' : 'Search'}
        </button>
      </form>
      <p className="muted note">
        Each result's similarity fuses the lexical (full-text, BM25-like) and vector scores, 0.5 each, then calibrates them; under each result are the
        retrievers that found it with their own rank and score. A result is a memory or a document chunk.
      </p>
      <div className="columns">
        {MODES.map((mode) => (
          <ModeColumn key={mode} mode={mode} result={results[mode]} />
        ))}
      </div>
    </>
  );
}

function ModeColumn({ mode, result }: { mode: Mode; result?: ModeResult }) {
  return (
    <section className="column" aria-labelledby={`mode-${mode}`} data-mode={mode}>
      <h2 id={`mode-${mode}`}>{mode}</h2>
      {!result ? <p className="muted">No search yet.</p> : null}
      {result ? (
        <p className="muted timing">
          {result.answer ? `${plural(result.answer.total, 'result')} · ` : ''}server {result.answer ? `${result.answer.timing} ms` : '—'} · round trip{' '}
          {Math.round(result.roundTripMs)} ms
        </p>
      ) : null}
      {result?.answer?.timings ? <Timings timings={result.answer.timings} /> : null}
      {result?.error ? <ErrorMessage error={result.error instanceof ApiError ? result.error : new Error(String(result.error))} /> : null}
      {result?.answer && result.answer.results.length === 0 ? <p>Nothing above the threshold.</p> : null}
      <ol className="results">
        {result?.answer?.results.map((hit) => (
          <Hit key={hit.id} hit={hit} />
        ))}
      </ol>
    </section>
  );
}

function Hit({ hit }: { hit: SearchResult }) {
  const kind = hit.memory !== undefined ? 'memory' : 'chunk';
  return (
    <li className="card hit">
      <div className="score">
        <meter min={0} max={1} value={hit.similarity} aria-label="similarity" />
        <span className="mono">{hit.similarity.toFixed(3)}</span>
        <span className={`badge badge-${kind}`}>{kind}</span>
        {hit.version ? <span className="badge">v{hit.version}</span> : null}
      </div>
      <p className="hit-text">{hit.memory ?? hit.chunk}</p>
      {hit.retrievers ? <Retrievers explanation={hit.retrievers} /> : null}
      <div className="meta">
        <span>{hit.containerTag}</span>
        {hit.documentId ? <Link to={`/documents/${encodeURIComponent(hit.documentId)}`}>source document</Link> : null}
      </div>
    </li>
  );
}
