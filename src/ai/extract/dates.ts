import * as chrono from 'chrono-node';

export type Tense = 'past' | 'present' | 'future';
type Precision = 'day' | 'week' | 'month' | 'year';

export interface ResolvedDate {
  /** ISO date at the precision the expression carries: YYYY-MM-DD, YYYY-MM or YYYY. */
  iso: string;
  precision: Precision;
  /** The first and last instant the expression covers. */
  start: Date;
  end: Date;
}

export interface AnchoredText {
  text: string;
  dates: ResolvedDate[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_MS = 86_400_000;

// Words that make chrono report "now"-ish dates that carry no information about when something happened.
const IGNORED =
  /^(?:now|right now|currently|recently|lately|at the moment|(?:the |every |each )?(?:morning|afternoon|evening|night|noon|midnight|day)s?|\d+(?::\d+)?\s*(?:am|pm)?)$/i;
// "for three years", "about four months": durations, not dates.
const AFTER_DURATION =
  /\bafter (?:about |around |almost |nearly |over )?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple(?: of)?|several|\d+)(?: \w+)? (?:days?|weeks?|months?|years?)$/i;
// "two years after leaving Safaricom", "three days later": counted from another event, not from when it was said.
const FROM_ANOTHER_EVENT =
  /^(?:about |around |almost |nearly |over |roughly |only |just )?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple(?: of)?|several|\d+)(?: \w+)? (?:days?|weeks?|months?|years?|decades?) (?:after|before|later|earlier)$/i;
const NEGATED_BEFORE = /(?:\bnot\b|n't\b|\bnever\b)[^.;!?]*$/i;
const DURATION =
  /^(?:for\s+)?(?:about |around |almost |nearly |over |roughly |only |just |the )?(?:past |last )?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple(?: of)?|several|\d+)(?: \w+)? (?:days?|weeks?|months?|years?|hours?|minutes?)$/i;

/**
 * Finds date expressions in `text`, resolves them against `reference`, and rewrites them in place as
 * absolute dates ("yesterday" said on 8 May 2023 → "on 7 May 2023"). Vague expressions stay anchored
 * rather than guessed: "last week" → "the week before 8 May 2023", "last Friday" → "the Friday before
 * 8 May 2023". Without a reference only expressions that name their year are kept.
 */
export function anchorDates(text: string, reference: Date | null, tense: Tense): AnchoredText {
  const ref = reference ?? new Date(0);
  const results = chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: tense === 'future' });
  const dates: ResolvedDate[] = [];
  const unplaced: string[] = [];
  let rewritten = text;
  for (const result of [...results].reverse()) {
    const found = ownText(result.text);
    const expression = found.trim();
    if (IGNORED.test(expression) || DURATION.test(expression) || FROM_ANOTHER_EVENT.test(expression)) continue;
    if (/\bfor\s+(?:about |around |almost |nearly |over )?$/i.test(text.slice(0, result.index))) continue;
    // "has not touched her watercolours in a year": how long since, after a negation, not when.
    if (/^in\s/i.test(expression) && DURATION.test(expression.replace(/^in\s+/i, '')) && NEGATED_BEFORE.test(text.slice(0, result.index))) continue;
    // "Ines's last day at Accenture", "my last week there": someone's last day is a thing of theirs, not a time.
    // ("her" is left out: "got her last year" is when.)
    if (/^(?:last|next|first)\b/i.test(expression) && /(?:['’]s|\b(?:my|his|their|our|your))\s+$/i.test(text.slice(0, result.index))) continue;
    // "last day at Ericsson was Friday": the last day somewhere is a day of work there, not yesterday.
    if (/^last (?:day|shift)$/i.test(expression) && /^\s+(?:at|with|in|on)\s+\p{Lu}/u.test(text.slice(result.index + found.length))) continue;
    // "left my job after 3 years": how long something lasted, not when.
    if (AFTER_DURATION.test(`${text.slice(0, result.index)}${expression}`)) continue;
    const known = (c: 'day' | 'month' | 'year' | 'weekday') => result.start.isCertain(c);
    const relative =
      /\b(?:yesterday|today|tonight|tomorrow|ago|last|past|previous|next|this|coming|week|weekend|month|year|days?|morning|afternoon|evening|night)\b/i.test(
        expression,
      );
    if (!known('day') && !known('month') && !known('year') && !known('weekday') && !relative) continue;
    if (!reference && !/\b\d{4}\b/.test(expression)) continue;
    // "a quiet weekend" names no particular weekend.
    if (/^weekend$/i.test(expression) && !/\b(?:the|this|last|next|that|past)\s+$/i.test(text.slice(0, result.index))) continue;
    // "the weekend trip", "a weekend course": the word names a kind of thing, not a time.
    if (/\bweekend$/i.test(expression) && WEEKEND_THING.test(text.slice(result.index + found.length))) continue;
    // "every Saturday", "on Thursday evenings", "renews each January": a time that repeats is no one date.
    if (repeats(text, result.index, result.index + found.length, known('year'))) continue;

    // "vegan since January" looks back whatever the tense of the rest.
    const looking = /\bsince\s+$/i.test(text.slice(0, result.index)) ? 'past' : tense;
    const resolved = describe(expression, inTense(result.start.date(), ref, looking, known), ref, looking, known);
    if (!resolved) continue;
    dates.unshift(resolved.date);
    if (!reference) continue;
    // "yesterday's class", "tomorrow's going to be…" cannot take a rewritten phrase without
    // breaking the sentence: the date is said after it instead.
    if (/^'s\b/.test(rewritten.slice(result.index + found.length))) {
      unplaced.unshift(resolved.phrase);
      continue;
    }
    let from = result.index;
    let phrase = resolved.phrase;
    // "this September", "that Friday": the determiner the expression left out goes with it.
    const determiner = /\b(?:this|that|last|next|coming|past)\s+$/i.exec(rewritten.slice(0, from));
    if (determiner && /^(?:in|on)\s/i.test(phrase)) from -= determiner[0].length;
    const before = rewritten.slice(0, from);
    // "on yesterday"/"in last month" would read badly once the phrase brings its own preposition.
    const preposition = /\b(?:on|in|at|during|from|over)(?: the)?\s+$/i.exec(before);
    if (preposition && /^(?:on|in|the|\d)/i.test(phrase)) from -= preposition[0].length;
    // "since September", "for the whole of June": the phrase's own "in" would follow another preposition.
    else if (/\b(?:since|until|till|by|before|after|of|throughout|through|around|about|between|and|to)\s+$/i.test(before))
      phrase = phrase.replace(/^(?:in|on)\s+/i, '');
    // "for the weekend" → "for the weekend of …", not "for the the weekend of …".
    else if (/^the\s/i.test(phrase) && /\bthe\s+$/i.test(before)) from -= /\bthe\s+$/i.exec(before)![0].length;
    rewritten = rewritten.slice(0, from) + phrase + rewritten.slice(result.index + found.length);
  }
  if (!reference) return { text: rewritten, dates };
  if (unplaced.length) rewritten = `${rewritten.replace(/[\s,;:!.]+$/, '')} (${unplaced.join(', ')})`;
  return sinceDuration(
    dayOfMonth(seasons(otherDay(weekendsAgo({ text: rewritten, dates }, reference), reference), reference, tense), reference, tense),
    reference,
  );
}

/** Nouns that "weekend" qualifies ("a weekend trip"), where it names no weekend in particular. */
const WEEKEND_THING =
  /^\s+(?:trips?|getaways?|breaks?|away|jobs?|shifts?|courses?|class(?:es)?|markets?|plans?|visits?|retreats?|workshops?|bags?|warriors?|editions?|papers?|staff|rota|hours|work)\b/i;

/**
 * The words of a date expression as chrono found them, without what it took in past the date: a
 * trailing comma ("last weekend, five minutes from …") and a time of day after one ("this week,
 * night shifts …"), which the rewritten phrase would otherwise swallow.
 */
function ownText(found: string): string {
  const trimmed = found.replace(/[\s,;:]+$/, '');
  const partOfDay = /^(.*?),\s*(?:morning|afternoon|evening|night)s?$/i.exec(trimmed);
  return partOfDay ? partOfDay[1] : trimmed;
}

const RECURRING_BEFORE = /\b(?:every|each|most|all|alternate|every other|every second|every third|every few)\s+(?:\w+\s+)?$/i;
/** "Thursdays", "Thursday evenings", "Tuesday and Thursday evenings", "Monday, Wednesday and Friday mornings". */
const RECURRING_AFTER = /^(?:s\b|(?:\s*(?:,|and|or|&)\s*(?:mon|tues|wednes|thurs|fri|satur|sun)day)*\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b)/i;
const HABITUAL = /\b(?:every|each|yearly|annual|annually|weekly|monthly|daily|usually|always|often|typically|normally|regularly)\b/i;

/**
 * A time that repeats ("every Saturday", "Thursday evenings", "on Sundays", "a yearly trip in
 * April") names no single date; one with its year ("in April 2027") does.
 */
function repeats(text: string, start: number, end: number, knowsYear: boolean): boolean {
  if (knowsYear) return false;
  return RECURRING_BEFORE.test(text.slice(0, start)) || RECURRING_AFTER.test(text.slice(end)) || HABITUAL.test(text);
}

/**
 * A month or day named without its year is the nearest one in the direction the statement looks:
 * "flew to Lisbon in May" said in November is the May before, "flying in May" the May after.
 */
function inTense(date: Date, ref: Date, tense: Tense, known: (c: 'day' | 'month' | 'year' | 'weekday') => boolean): Date {
  if (known('year') || !known('month')) return date;
  const shifted = new Date(date);
  if (tense === 'past' && date > ref) shifted.setUTCFullYear(date.getUTCFullYear() - 1);
  else if (tense === 'future' && date < startOfDay(ref)) shifted.setUTCFullYear(date.getUTCFullYear() + 1);
  return shifted;
}

const SEASON_START: Record<string, number> = { spring: 2, summer: 5, fall: 8, autumn: 8, winter: 11 };

// chrono knows no seasons: "last summer" said in May 2023 is the summer of 2022.
function seasons(input: AnchoredText, ref: Date, tense: Tense): AnchoredText {
  const found: ResolvedDate[] = [];
  const pattern = /\b(?:(in|during) )?(last|this|next|past) (spring|summer|fall|autumn|winter)\b/gi;
  const text = input.text.replace(pattern, (_m, preposition: string | undefined, which: string, season: string) => {
    const name = season.toLowerCase();
    // Months counted from year 0, so that a winter can run over into the next year.
    const now = 12 * ref.getUTCFullYear() + ref.getUTCMonth();
    let recent = 12 * ref.getUTCFullYear() + SEASON_START[name];
    while (recent > now) recent -= 12;
    const inProgress = now < recent + 3;
    const w = which.toLowerCase();
    const start = w === 'next' ? recent + 12 : w === 'this' ? (inProgress || tense === 'past' ? recent : recent + 12) : inProgress ? recent - 12 : recent;
    const year = Math.floor(start / 12);
    const month = start % 12;
    const startDate = new Date(Date.UTC(year, month, 1));
    found.push({ iso: startDate.toISOString().slice(0, 7), precision: 'month', start: startDate, end: new Date(Date.UTC(year, month + 3, 1) - 1) });
    return `${preposition ?? 'in'} ${name} ${month === 11 ? `${year}/${year + 1}` : year}`;
  });
  return { text, dates: [...input.dates, ...found] };
}

// "I've had them for 3 years now": the state began that long before it was said.
function sinceDuration(input: AnchoredText, ref: Date): AnchoredText {
  if (!/\b(?:have|has|'ve|had) (?:\w+ )?(?:been|had|known|lived|worked|played|done|owned|practiced|practised)\b/i.test(input.text)) return input;
  const m =
    /\bfor (?:about |around |almost |nearly |over |roughly )?(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+) (years?|months?)\b/i.exec(
      input.text,
    );
  if (!m) return input;
  const n = NUMBERS[m[1].toLowerCase()] ?? Number(m[1]);
  if (!Number.isFinite(n) || n <= 0) return input;
  const years = /year/i.test(m[2]);
  const start = new Date(Date.UTC(ref.getUTCFullYear() - (years ? n : 0), ref.getUTCMonth() - (years ? 0 : n), 1));
  const date = span(start, years ? 'year' : 'month');
  const since = years ? String(start.getUTCFullYear()) : formatMonth(start);
  return { text: `${input.text.replace(/[\s,;:!.]+$/, '')} (since about ${since})`, dates: [...input.dates, date] };
}

const NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

const COUNTS: Record<string, number> = {
  ...NUMBERS,
  few: 3,
  'a few': 3,
  couple: 2,
  'a couple': 2,
  'a couple of': 2,
  'couple of': 2,
  several: 3,
  ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [String(i + 1), i + 1])),
};

// chrono has no notion of "two weekends ago".
function weekendsAgo({ text, dates }: AnchoredText, ref: Date): AnchoredText {
  const found: ResolvedDate[] = [];
  const rewritten = text.replace(/\b(a|one|two|three|four|five|a few|few|a couple(?: of)?|couple of|several|\d+) weekends? ago\b/gi, (_m, count: string) => {
    const n = COUNTS[count.toLowerCase()] ?? Number(count);
    const previousSaturday = addDays(startOfDay(ref), -((ref.getUTCDay() + 1) % 7 || 7));
    found.push(span(addDays(previousSaturday, -7 * (n - 1)), 'week', 2));
    return `${count} ${n === 1 ? 'weekend' : 'weekends'} before ${formatDay(ref)}`;
  });
  return { text: rewritten, dates: [...dates, ...found] };
}

/**
 * "on the 17th": chrono needs a month; the day is the nearest 17th in the direction the statement
 * looks (said on 19 August, "bought it on the 17th" is 17 August, "see her on the 25th" 25 August).
 */
function dayOfMonth({ text, dates }: AnchoredText, ref: Date, tense: Tense): AnchoredText {
  const found: ResolvedDate[] = [];
  const rewritten = text.replace(new RegExp(`\\bon the (\\d{1,2})(?:st|nd|rd|th)\\b(?! (?:of )?${MONTH_NAMES})`, 'gi'), (match, n: string) => {
    const day = Number(n);
    if (day < 1 || day > 31) return match;
    const today = ref.getUTCDate();
    const offset = tense === 'future' ? (day < today ? 1 : 0) : day > today ? -1 : 0;
    const date = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + offset, day));
    // The 31st of a shorter month does not exist.
    if (date.getUTCDate() !== day) return match;
    found.push(span(date, 'day'));
    return `on ${formatDay(date)}`;
  });
  return { text: rewritten, dates: [...dates, ...found] };
}

const MONTH_NAMES = `(?:${MONTHS.join('|')})`;

/** Words that hedge a count ("about five months ago"). */
const HEDGE = '(?:about|around|almost|nearly|over|roughly)';
const HEDGED_MONTHS_AGO = new RegExp(`^${HEDGE} (\\w+) months? ago$`);
const LEADING_HEDGE = new RegExp(`^${HEDGE} `);

// "the other day" is a few days back, no more precise than that.
function otherDay({ text, dates }: AnchoredText, ref: Date): AnchoredText {
  const found: ResolvedDate[] = [];
  const rewritten = text.replace(/\b(?:(?:on|just) )?the other day\b/gi, () => {
    found.push(span(addDays(startOfDay(ref), -7), 'week', 7));
    return `a few days before ${formatDay(ref)}`;
  });
  return { text: rewritten, dates: [...dates, ...found] };
}

/**
 * Months counted from the reference's month ("next month" said on 31 August is September, which
 * adding a month to the day would overflow into October); null when the expression names no offset.
 */
function monthsFrom(e: string, ref: Date): Date | null {
  const offset = monthOffset(e);
  if (offset === null) return null;
  return new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + offset, 1));
}

/** How many months from now an expression points: -1 for "last month", 3 for "in three months". */
function monthOffset(e: string): number | null {
  if (/^(?:last|past|previous) month$/.test(e)) return -1;
  if (/^(?:next|coming|following) month$/.test(e)) return 1;
  if (/^this month$/.test(e)) return 0;
  const ago = /^(\w+(?: of)?) months? ago$/.exec(e) ?? HEDGED_MONTHS_AGO.exec(e);
  if (ago) return COUNTS[ago[1]] === undefined ? null : -COUNTS[ago[1]];
  const ahead = /^in (\w+) months?$/.exec(e);
  if (ahead) return COUNTS[ahead[1]] ?? null;
  return null;
}

/** "five years ago" → "around 2018", "a year ago" → "around August 2022": the date it points at, no closer. */
function around(amount: string, unit: 'month' | 'year', date: Date): string {
  if (/\b(?:few|couple|several)\b/.test(amount)) return '';
  return ` (around ${unit === 'year' && COUNTS[amount.replace(LEADING_HEDGE, '')] !== 1 ? date.getUTCFullYear() : formatMonth(date)})`;
}

function describe(
  expression: string,
  date: Date,
  ref: Date,
  tense: Tense,
  known: (c: 'day' | 'month' | 'year' | 'weekday') => boolean,
): { phrase: string; date: ResolvedDate } | null {
  const e = expression.toLowerCase().replace(/^(?:on|in|at|during|by|from)\s+/, '');
  const refText = formatDay(ref);
  const weekday = /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(e)?.[1];

  if (/\bweekend\b/.test(e)) {
    const onWeekend = ref.getUTCDay() === 0 || ref.getUTCDay() === 6;
    const previousSaturday = addDays(startOfDay(ref), -((ref.getUTCDay() + 1) % 7 || 7));
    const comingSaturday = addDays(startOfDay(ref), (6 - ref.getUTCDay() + 7) % 7 || 7);
    if (/\b(?:last|past|previous)\b/.test(e) || (tense === 'past' && !onWeekend)) {
      return { phrase: `the weekend before ${refText}`, date: span(previousSaturday, 'week', 2) };
    }
    if (onWeekend && !/\bnext\b/.test(e)) {
      const saturday = ref.getUTCDay() === 6 ? startOfDay(ref) : addDays(startOfDay(ref), -1);
      return { phrase: `the weekend of ${refText}`, date: span(saturday, 'week', 2) };
    }
    return { phrase: `the weekend of ${formatDay(comingSaturday)}`, date: span(comingSaturday, 'week', 2) };
  }
  if (/\bweeks?\b/.test(e)) {
    const ago = /^(.*?)\s*weeks?\s+ago$/.exec(e);
    if (ago) return { phrase: `${ago[1]} ${ago[1] === 'a' || ago[1] === 'one' ? 'week' : 'weeks'} before ${refText}`, date: span(date, 'week', 7) };
    const ahead = /^in\s+(.*?)\s*weeks?$/.exec(expression.toLowerCase());
    if (ahead) return { phrase: `${ahead[1]} ${ahead[1] === 'a' || ahead[1] === 'one' ? 'week' : 'weeks'} after ${refText}`, date: span(date, 'week', 7) };
    if (/\b(?:last|past|previous)\b/.test(e)) return { phrase: `the week before ${refText}`, date: span(addDays(ref, -7), 'week', 7) };
    if (/\bnext\b/.test(e)) return { phrase: `the week after ${refText}`, date: span(addDays(ref, 7), 'week', 7) };
    if (/\bthis\b/.test(e)) return { phrase: `the week of ${refText}`, date: span(ref, 'week', 7) };
  }
  if (weekday && !known('day')) {
    if (/\b(?:last|past|previous)\b/.test(e)) {
      return { phrase: `the ${capitalize(weekday)} before ${refText} (${formatDay(date)})`, date: span(date, 'day') };
    }
    let day = date;
    if (tense === 'past' && day > ref) day = addDays(day, -7);
    if (tense === 'future' && day < startOfDay(ref)) day = addDays(day, 7);
    return { phrase: `on ${capitalize(weekday)}, ${formatDay(day)}`, date: span(day, 'day') };
  }
  const month = /\bmonths?\b/.test(e) && !known('day') ? (monthsFrom(e, ref) ?? date) : date;
  const ago = /^(.*?)\s*\b(months?|years?)\s+ago$/.exec(e);
  if (ago) {
    const unit = /month/.test(ago[2]) ? 'month' : 'year';
    const when = unit === 'month' ? month : date;
    return { phrase: `${ago[1]} ${ago[2]} before ${refText}${around(ago[1], unit, when)}`, date: span(when, unit) };
  }
  if (/\bmonths?\b/.test(e) && !known('day')) return { phrase: `in ${formatMonth(month)}`, date: span(month, 'month') };
  if (/\byears?\b/.test(e) && !known('month')) return { phrase: `in ${date.getUTCFullYear()}`, date: span(date, 'year') };
  if (/\bdays?\b/.test(e) && /\bfew|couple|several\b/.test(e)) {
    const ago = /\bago\b/.test(e);
    const amount = e.replace(/^in\s+/, '').replace(/\s*days?\s*(?:ago)?$/, '');
    return { phrase: `${amount} days ${ago ? 'before' : 'after'} ${refText}`, date: span(date, 'day') };
  }
  if (known('day') || /\b(?:yesterday|today|tonight|tomorrow|night|morning|afternoon|evening|days?)\b/.test(e)) {
    return { phrase: `on ${formatDay(date)}`, date: span(date, 'day') };
  }
  if (known('month')) return { phrase: `in ${formatMonth(date)}`, date: span(date, 'month') };
  if (known('year')) return { phrase: `in ${date.getUTCFullYear()}`, date: span(date, 'year') };
  return null;
}

function span(date: Date, precision: Precision, days = 1): ResolvedDate {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  let start: Date;
  let end: Date;
  let iso: string;
  if (precision === 'year') {
    start = new Date(Date.UTC(y, 0, 1));
    end = new Date(Date.UTC(y + 1, 0, 1) - 1);
    iso = String(y).padStart(4, '0');
  } else if (precision === 'month') {
    start = new Date(Date.UTC(y, m, 1));
    end = new Date(Date.UTC(y, m + 1, 1) - 1);
    iso = start.toISOString().slice(0, 7);
  } else {
    start = startOfDay(date);
    end = new Date(start.getTime() + days * DAY_MS - 1);
    iso = start.toISOString().slice(0, 10);
  }
  return { iso, precision, start, end };
}

export function formatDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function formatMonth(date: Date): string {
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "(as of 27 November 2026)": the day a statement was made, stamped on conversation memories. */
const STATED_ON = /\s*\(as of [^)]*\)/gi;
const DATE_LEAD = /(?:\b(?:on|in|since|by|until|from|during|around|about|of|the|before|after|as of)\s+)+$/i;

/**
 * The statement without its dates and the words that introduce them: "Bob moved to Berlin in
 * October 2026 (as of 27 November 2026)" → "Bob moved to Berlin". Two wordings of one fact that
 * differ only in how (or whether) they date it read the same.
 */
export function withoutDates(text: string): string {
  let out = text.replace(STATED_ON, '');
  for (const result of [...chrono.parse(out, { instant: new Date(0), timezone: 0 })].reverse()) {
    const before = out.slice(0, result.index).replace(DATE_LEAD, '');
    out = `${before}${out.slice(result.index + result.text.length)}`;
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}
