interface Flagged {
  version: number;
  isLatest?: boolean;
  isForgotten: boolean;
  isStatic?: boolean;
  isInference?: boolean | null;
}

/** The state of a memory in words (never by colour alone). */
export function MemoryFlags({ memory }: { memory: Flagged }) {
  return (
    <span className="flags">
      <span className="badge">v{memory.version}</span>
      {memory.isLatest === false ? <span className="badge">older version</span> : null}
      {memory.isForgotten ? <span className="badge badge-bad">forgotten</span> : null}
      {memory.isInference ? <span className="badge badge-warn">inferred</span> : null}
      {memory.isStatic ? <span className="badge">static</span> : null}
    </span>
  );
}
