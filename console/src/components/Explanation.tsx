import { Fragment } from 'react';
import type { RetrieverExplanation, RetrieverPlacement, SearchTimings } from '../api/types';

const PHASES: (keyof SearchTimings)[] = ['rewrite', 'embedding', 'retrieval', 'rerank', 'assembly'];

/** Each retriever that found a result, with its own rank and score, then the fused score. */
export function Retrievers({ explanation: e }: { explanation: RetrieverExplanation }) {
  const found = (['vector', 'lexical'] as const).filter((name) => e[name].rank !== null);
  return (
    <dl className="retrievers" aria-label="How it was found">
      <dt>Found by</dt>
      <dd>
        {found.length
          ? found.map((name) => (
              <Fragment key={name}>
                <span className={`badge badge-${name}`}>{name === 'lexical' ? 'lexical (BM25)' : 'vector'}</span>{' '}
              </Fragment>
            ))
          : 'context of its source'}
        <span className="muted">in {e.source === 'memory' ? 'memories' : 'document chunks'}</span>
      </dd>
      <dt>Vector</dt>
      <dd className="mono">{placement(e.vector)}</dd>
      <dt>Lexical</dt>
      <dd className="mono">{placement(e.lexical)}</dd>
      <dt>Fused</dt>
      <dd className="mono">
        {e.fused.toFixed(3)}
        {e.firstStage !== undefined ? ` · before rerank ${e.firstStage.toFixed(3)}` : ''}
      </dd>
    </dl>
  );
}

function placement(p: RetrieverPlacement): string {
  const score = p.score === null ? 'not run' : p.score.toFixed(3);
  return p.rank === null ? `— (score ${score})` : `#${p.rank} (score ${score})`;
}

/** The server's time per phase of one search. */
export function Timings({ timings }: { timings: SearchTimings }) {
  const spent = PHASES.filter((phase) => timings[phase] !== undefined);
  return (
    <p className="muted phases" aria-label="Time per phase">
      {spent.map((phase) => `${phase} ${timings[phase]} ms`).join(' · ')}
    </p>
  );
}
