/** Matching LoCoMo gold answers against text: the same normalization everywhere. */
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';

/** Lowercase, date spellings unified ("May 1, 2023" = "1 May 2023"), no punctuation or articles. */
export function normalize(value: string): string {
  return value
    .toLowerCase()
    .replace(new RegExp(`(\\d)(${MONTHS})`, 'g'), '$1 $2')
    .replace(new RegExp(`\\b(${MONTHS}),? (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`, 'g'), '$2 $1 $3')
    .replace(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (${MONTHS}),? (\\d{4})\\b`, 'g'), '$1 $2 $3')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function answerParts(answer: string): string[] {
  return answer
    .split(/,|;|\band\b|\bor\b/)
    .map(normalize)
    .filter((p) => p.length > 0);
}
