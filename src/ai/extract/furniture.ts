import { isFieldLabel, isRoleField } from './fields.js';

/**
 * What a page or a report prints around its content: navigation and link lists, headers and
 * footers repeated on every page, titles, bylines, captions and legal lines. None of it states a
 * fact about anyone; it stays searchable in the document's chunks but is never a memory.
 */

const LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
const IMAGE_LINE = /^\s*(?:!\[[^\]]*\]\([^)]*\)\s*)+$/;

/** Lines of print furniture, whatever page they come from. */
const FURNITURE_LINE = new RegExp(
  [
    // legal and site lines
    '^(?:©|\\(c\\)|copyright\\b)',
    '\\ball rights reserved\\b',
    '^(?:privacy(?: policy)?|terms(?: of (?:use|service))?|cookie(?:s| policy| settings)?|imprint|legal notice|sitemap|accessibility)\\b(?:\\s*[|·•,/-]\\s*\\w+)*\\s*$',
    // navigation and calls to action
    '^(?:skip to|back to|go to|return to|jump to|scroll to|click here|read (?:more|the full)|learn more|see (?:more|all|also)|view (?:more|all)|show (?:more|all)|load more|next(?: page| article| post)?|previous(?: page| article| post)?|continue reading|share (?:this|on)|follow us|subscribe|sign (?:up|in)|log ?in|log ?out|register|download (?:the|our|now)|contact us|get in touch|home)\\b',
    '^(?:table of )?contents$',
    // a contents page's entries: "1. Our year .... 2"
    '\\S\\s*(?:\\.\\s?){4,}\\s*\\d+(?:\\s|$)',
    // bylines, dates of publication, labels
    '^(?:prepared|written|compiled|edited|reviewed|authored|posted|published|presented|submitted|produced|photographed|illustrated|translated|updated|last (?:updated|modified|edited|reviewed))\\b(?: (?:by|on|at|for)\\b|:| (?=\\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\b))',
    "^by [A-Z][\\p{L}'.-]+(?: [A-Z][\\p{L}'.-]+){0,3}(?:\\s*[,|·•-].*)?$",
    '^(?:photo|image|picture|figure|fig\\.?|table|chart|graph|caption|source|credit|credits|illustration|video|map|exhibit|appendix)\\s*(?:\\d+[a-z]?)?\\s*[:.–-]',
    '^(?:photo|image|illustration)s? (?:by|courtesy of|credit)\\b',
    '^(?:tags?|categor(?:y|ies)|filed under|topics?|keywords?)\\s*:',
    // a reference, told by its access date: "“Survey report”, Polar Science, 2020. Retrieved 4 May 2024."
    '^(?:retrieved|accessed|archived)(?: (?:on|from))?\\b|\\b(?:retrieved|accessed)(?: on)? (?:\\d{1,2} )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.? (?:\\d{1,2},? )?\\d{4}\\b|\\b(?:retrieved|accessed)(?: on)? \\d{4}-\\d{2}-\\d{2}\\b|\\barchived from the original\\b',
    '^(?:posted|filed|published) (?:in|under)\\b',
    '^(?:\\d+|no|one) (?:comments?|replies|responses|likes|shares)\\b|[·|•]\\s*\\d+ (?:comments?|replies|min(?:ute)?s? read)\\b',
    '^(?:leave a (?:reply|comment)|add a comment|write a comment|reply|share|like|comments?)\\b',
    '^page \\d+(?: of \\d+)?$',
    // a running footer or header with its page number: "Signed as a true record   Page 1 of 3", "Annual report | page 4"
    '\\bpage \\d+ (?:of|/) \\d+$|^page \\d+ (?:of|/) \\d+\\s|[|·•–—]\\s*page \\d+$',
    // banners, sponsors, programme notes, reading aids
    '\\b(?:uses? cookies|cookie (?:policy|settings|preferences|banner)|accept (?:all )?cookies|we value your privacy|by (?:continuing|using this (?:site|website)))\\b',
    '\\b(?:sponsored by|brought to you by|in partnership with|use (?:the |my |our )?(?:promo |discount )?code\\b|affiliate links?|paid partnership)\\b',
    '^\\(?\\d{1,2}:\\d{2}(?::\\d{2})?\\)?\\s',
    '^(?:all times (?:are|in)\\b|(?:programme|program|schedule|agenda|prices?|details) (?:is |are )?subject to change\\b)',
    '^(?:print (?:this )?page|edit (?:this )?page|on this page|about the author|related (?:posts|articles|stories|reading)|you (?:may|might) also like|more from|read next|share this|back to top|show (?:all|more) \\w+|table of contents|in this (?:article|section))\\b',
    '\\b\\d+\\s+min(?:ute)?s?\\s+read\\b',
    // social proof: press mentions, logos of customers, ratings
    '^(?:as (?:featured|seen|heard|mentioned) (?:in|on)|featured (?:in|on)|trusted by|loved by|used by teams at|our (?:clients|partners|customers) include)\\b',
    '^[★☆⭐]+\\s*(?:\\d(?:\\.\\d)?)?|^(?:rated\\s+)?\\d(?:\\.\\d)?\\s*(?:/\\s*5|out of 5|stars?)\\b|^\\d(?:\\.\\d)? from [\\d,]+ (?:votes|ratings|reviews)\\b',
    // letters, newsletters and minutes: salutations, sign-offs, procedure
    '^(?:dear|hi|hello|hey)\\s+[\\p{L} ,&-]{2,40}[,!:]?$',
    '^(?:(?:kind|best|warm|warmest|many)\\s+)?(?:regards|wishes|thanks)\\b[\\s,]*[\\p{L} .-]{0,40}$|^(?:yours (?:sincerely|faithfully|truly)|all the best|cheers|sincerely|thank you for reading)\\b',
    '^(?:minutes|notes)\\s+(?:taken|recorded|written|prepared)\\s+by\\b|^(?:chair(?:ed)?(?: by)?|present|apologies|absent|attendees|in attendance|quorum|next meeting|any other business|aob)\\s*[:-]',
    '^(?:the\\s+)?(?:meeting|session)\\s+(?:opened|closed|adjourned|ended|started)\\b|^(?:agenda\\s+)?item\\s+\\d+\\b|^(?:continued (?:on|from) (?:next|previous) page|end of (?:minutes|document|report))\\b',
    '^(?:in this (?:issue|edition)|dates for (?:your|the) diary|upcoming events|from the (?:principal|editor|head)\\b.*\\b(?:desk|office))\\b',
    // footnotes
    '^(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\\[\\d{1,3}\\]|\\*{1,3})\\s*\\S',
    '^(?:confidential|internal use only|draft|for internal use|do not distribute)\\b[\\s\\w-]*$',
    // licences and project boilerplate, editorial notes on figures and cross-references
    '^(?:(?:dual-)?licen[sc]ed|released|distributed|available|published|made available) under\\b|^(?:contributions|pull requests|prs|patches|issues and pull requests) (?:are )?(?:very )?welcome\\b',
    '^(?:see|cf\\.?) (?:note|notes|page|section|appendix|chapter|table|figure|fig\\.?) [\\w.]+\\.?$',
    '^(?:all )?(?:figures|numbers|amounts|results|accounts|data|prices|totals|sums) (?:are |shown )?(?:unaudited|provisional|estimated|approximate|rounded|restated|subject to (?:audit|change|revision)|(?:in|exclude|include|excluding|including) (?:vat|tax|gst|£|\\$|€|thousands|millions|gbp|usd|eur)\\b)',
    '^(?:(?:full )?terms(?: and conditions| & conditions)?|t&cs?|conditions) apply\\b',
  ].join('|'),
  'iu',
);

/** Visible text of a markdown line: link texts kept, their targets and emphasis dropped. */
function visible(line: string): string {
  return line
    .replace(LINK, '$1')
    .replace(/[*_`>#]+/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
    .trim();
}

/** The share of a line's visible letters that sit inside links. */
function linkShare(line: string): number {
  const letters = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;
  const total = letters(visible(line));
  if (total === 0) return 0;
  let linked = 0;
  for (const m of line.matchAll(LINK)) linked += letters(m[1]);
  return linked / total;
}

const MINOR_WORD = /^(?:a|an|the|and|or|but|of|in|on|at|to|for|with|by|from|as|vs|via|per|&|[-–—:|·•])$/i;

/**
 * A line set as a title: no sentence punctuation at its end and (nearly) every word capitalised,
 * as in "Quarterly Operations Report 2026" or "Falcon Robotics Expands To Kenya".
 */
function isTitleLine(text: string): boolean {
  if (/[.!?]["')\]]*$/.test(text) || text.length > 120) return false;
  const words = text.split(/\s+/).filter((w) => /[\p{L}]/u.test(w) && !MINOR_WORD.test(w));
  if (words.length < 2) return words.length === 1 && !/[a-z]{2,}.*\s/.test(text);
  const capitalised = words.filter((w) => /^[^\p{L}]*[\p{Lu}\p{N}]/u.test(w)).length;
  return capitalised / words.length >= 0.8;
}

/** Short lines printed more than once (running headers and footers of a report's pages). */
function repeatedLines(lines: string[]): Set<string> {
  const seen = new Map<string, number>();
  for (const line of lines) {
    const key = visible(line).toLowerCase().replace(/\d+/g, '#');
    if (!key || key.length > 100) continue;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([key]) => key));
}

/** A pull quote: a line that is only a quotation, with nobody named as saying it. */
const PULL_QUOTE = /^["“”'‘’«»]\s*[^"“”«»]{3,}[.!?]?\s*["“”'‘’«»]\.?$/u;
/** A testimonial: a line that is only a quotation and who it is credited to ("“Saved our season.” — a happy customer"). */
const CREDITED_QUOTE = /^["“”«]\s*[^"“”«»]{3,}[.!?]?\s*["“”»]\s*[—–-]+\s*[\p{L}][\p{L}\p{N} ,.'’&-]{0,60}$/u;
const HEADING = /^\s{0,3}#{1,6}\s/;
/** A line ending in a link to reply to it, report it or like it is a comment under the page. */
const COMMENT_ACTIONS = /\[(?:reply|report|like|quote|flag)\]\([^)]*\)\s*$/i;
/** Headings of what readers, customers or visitors write under a page: comments, reviews, testimonials. */
const READERS_SECTION =
  /^\s{0,3}#{1,6}\s+(?:\d+\s+)?(?:comments?|replies|responses|reviews?|customer reviews|testimonials?|guestbook|discussion|what (?:our )?(?:customers|clients|readers|people|users|parents|guests) (?:say|are saying))\b/i;

/** Whether a line of a document is furniture rather than content. */
export function isFurniture(line: string): boolean {
  const text = visible(line);
  if (!text) return false;
  if (IMAGE_LINE.test(line)) return true;
  if (linkShare(line) >= 0.5) return true;
  if (FURNITURE_LINE.test(text) || PULL_QUOTE.test(text) || CREDITED_QUOTE.test(text) || COMMENT_ACTIONS.test(line)) return true;
  // "Employer: Hawaiian Airlines" is a field of a card, however capitalised.
  const field = /^([^:]{2,30}):\s*(\S.*)$/.exec(text);
  if (field && (isFieldLabel(field[1]) || isRoleField(field[1], field[2]))) return false;
  // "Print this page · Last updated on 24 November": every piece of a separated line is furniture.
  const pieces = text.split(/\s+[·•|]\s+/);
  if (pieces.length > 1 && pieces.every((piece) => FURNITURE_LINE.test(piece) || isTitleLine(piece))) return true;
  // "Serves 4 · Prep 15 mins · Cook 30 mins", "Posted 3 days ago · Full time · Leeds": a line of short labels is a page's details, not a sentence.
  if (pieces.length >= 3 && pieces.every((piece) => piece.split(/\s+/).length <= 5 && !/[.!?]["')\]]*$/.test(piece))) return true;
  return isTitleLine(text);
}

/**
 * A document's markdown without its furniture: lines that are mostly links, images and the
 * caption under one, repeated short lines, title lines, bylines, labels and legal lines. Headings
 * go too; their words stay in the chunks.
 */
export function withoutFurniture(markdown: string): string {
  const lines = markdown.split('\n');
  const repeated = repeatedLines(lines);
  const kept: string[] = [];
  let afterImage = false;
  // Under a heading of comments or reviews, every line is the readers', until the next heading.
  let readersSection = false;
  for (const line of lines) {
    const heading = HEADING.test(line);
    if (heading) readersSection = READERS_SECTION.test(line);
    if (readersSection) continue;
    if (IMAGE_LINE.test(line)) {
      afterImage = true;
      continue;
    }
    const text = visible(line);
    if (!text) {
      kept.push(line);
      continue;
    }
    // The line under an image is its caption unless it reads as a paragraph of its own.
    const caption = afterImage && text.length <= 200 && !/[.!?]["')\]]*$/.test(text);
    afterImage = false;
    if (heading || caption || isFurniture(line)) continue;
    if (repeated.has(text.toLowerCase().replace(/\d+/g, '#')) && !/[.!?]["')\]]*$/.test(text)) continue;
    // "funded by the Te Arawa trust.²": the footnote mark is not part of the sentence.
    kept.push(line.replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\\?\[\d{1,3}\\?\](?!\()/g, ''));
  }
  return kept.join('\n');
}
