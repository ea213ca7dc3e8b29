const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL can store: NUL characters (refused by text and jsonb) dropped, lone surrogates
 * (not encodable as UTF-8) replaced by U+FFFD.
 */
export function storableText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}

/** `type/subtype` in the characters RFC 6838 allows, as a Content-Type header carries it. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * A media type that can be stored and served as a Content-Type: lower-cased, without parameters,
 * `fallback` unless it is a well-formed `type/subtype` (a file's own content type can carry
 * anything, a NUL or a line break included).
 */
export function storableMediaType(value: string | null | undefined, fallback: string): string {
  const essence = value?.split(';')[0]?.trim().toLowerCase();
  return essence && MEDIA_TYPE.test(essence) ? essence : fallback;
}
