const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL can store: NUL characters (refused by text and jsonb) dropped, lone surrogates
 * (not encodable as UTF-8) replaced by U+FFFD.
 */
export function storableText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}
