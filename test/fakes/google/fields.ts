/**
 * Google's partial-response `fields` parameter: `a,b,c(d,e(f))`, with spaces allowed around names
 * (`nextPageToken, files(id, name)`, as Google's own samples write it). A response keeps only the
 * named fields; `*` keeps everything at its level.
 */
export type FieldSpec = Map<string, FieldSpec | null>;

export function parseFields(text: string): FieldSpec | 'invalid' {
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  function list(): FieldSpec | 'invalid' {
    const spec: FieldSpec = new Map();
    for (;;) {
      space();
      const start = i;
      while (i < text.length && /[A-Za-z0-9_*]/.test(text[i]!)) i++;
      const name = text.slice(start, i);
      if (!name) return 'invalid';
      space();
      let sub: FieldSpec | null = null;
      if (text[i] === '(') {
        i++;
        const inner = list();
        if (inner === 'invalid' || text[i] !== ')') return 'invalid';
        i++;
        sub = inner;
        space();
      }
      spec.set(name, sub);
      if (text[i] !== ',') return spec;
      i++;
    }
  }
  const spec = list();
  space();
  return spec !== 'invalid' && i === text.length ? spec : 'invalid';
}

export function selectFields(value: unknown, spec: FieldSpec | null): unknown {
  if (spec === null || spec.has('*')) return value;
  if (Array.isArray(value)) return value.map((v) => selectFields(v, spec));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of spec) {
    const field = (value as Record<string, unknown>)[name];
    if (field !== undefined) out[name] = selectFields(field, sub);
  }
  return out;
}
