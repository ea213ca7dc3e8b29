import { ANIMALS } from '../text/attributes/lexicon.js';
import { isOpener, isOpeningPhrase, MONTH_OR_DAY } from '../text/openers.js';
import { IRREGULAR_PAST, verbBase } from './verbs.js';

/**
 * Who "he", "she" and "it" stand for, so a memory names its subject: "Tunde Bello leads the
 * hardware group. He joined Falcon in 2021" → "Tunde Bello joined Falcon in 2021". The antecedent
 * is the subject of an earlier sentence when that was a person (or, for "it", an organisation),
 * else the last person named; gender is not known, so the nearest person is taken.
 */

/** A capitalised word; "O'Brien" is one, "Kenji's" is Kenji and a possessive. */
const NAME_WORD = "\\p{Lu}[\\p{L}.-]*(?:['’]\\p{L}{2,}[\\p{L}-]*)?";
const NAME = new RegExp(`${NAME_WORD}(?:\\s+(?:(?:of|de|da|van|von|der|del|la|le|bin|al)\\s+)?${NAME_WORD}){0,4}`, 'gu');

/** Capitalised words that open sentences or name times, not entities. */
const NOT_A_NAME_WORD = new RegExp(
  `^(?:The|A|An|This|That|These|Those|It|Its|He|She|They|We|I|You|His|Her|Their|Our|My|Your|There|Then|But|And|So|In|On|At|After|Before|When|While|If|As|Also|Both|Each|Every|Some|No|Not|Since|During|With|For|From|By|To|Of|Yes|Today|Yesterday|Tomorrow|${MONTH_OR_DAY}|According|Last|Next|Here|What|Who|Where|Why|How|Which|Mr|Mrs|Ms|Dr|Prof)$`,
);
const notAName = (word: string) => NOT_A_NAME_WORD.test(word) || isOpener(word);

/** Words that make a name an organisation's. */
const ORGANISATION_WORD =
  /\b(?:Inc|Ltd|LLC|LLP|PLC|Corp|Corporation|Company|Co|Group|Labs?|Robotics|Technologies|Technology|Tech|Systems|Bank|University|College|School|Academy|Institute|Foundation|Hospital|Clinic|Studios?|Partners|Holdings|Ventures|Media|Solutions|Software|Networks|Capital|AG|GmbH|SA|SAS|BV|Agency|Association|Council|Department|Ministry|Club|Society|Press|Airlines?|Motors|Industries|Pharma|Energy|Bakery|Cafe|Café|Restaurant|Hotel|Museum|Library|Church|Center|Centre|Services|Consulting|Analytics|Health|Insurance|Logistics|Ferries|Railways?|Airways|Shipping|Freight|Transport|Buses|Coaches|Foods?|Cooperative|Co-op|Collective|Union|Trust|Federation|Alliance|Guild|Consortium|Charity|Authority|Commission|Committee|Brewery|Winery|Farms|Gallery|Theatre|Theater)\b/u;

/** Predicates that say the subject is an organisation or a thing ("Falcon was founded…", "Kererū is an open-source database"). */
const ORGANISATION_PREDICATE = new RegExp(
  [
    '^(?:was|were|is|has been) (?:founded|established|formed|set up|incorporated|registered|headquartered|acquired|listed|maintained|released|launched|developed|built|owned|run)\\b',
    '^(?:employs|manufactures|sells|makes|builds|produces|operates|provides|offers|exports|imports|ships|hosts|stores|has its|has \\d+ (?:employees|staff|members|stores|offices))\\b',
    // "an independent bookshop in Whitby": the head noun may close a compound.
    '^(?:is|was) (?:a|an|the) (?:[\\p{L}-]+ ){0,3}(?:\\p{L}+(?=(?:shop|store|bakery|studio|agency|cafe)\\b))?(?:library|tool|app|application|database|framework|platform|service|product|company|startup|firm|business|project|package|program|programme|system|website|site|game|band|restaurant|shop|store|brand|charity|nonprofit|organisation|organization|school|team|club|museum|hotel|cafe|café|bakery|studio|agency|cooperative|co-op|magazine|newspaper|podcast|festival|conference|event|network|chain|maker|manufacturer|producer|supplier)(?=$|[,.;:!?]| (?:in|on|at|for|of|with|based|owned|run|that|which|who|whose|where|and|from|by|since|near|founded|called|named|serving|selling|making|\\p{Ll}+(?:ed|en|ing)|written|built|made|run|known|set)\\b)',
    // "is a bookshop in Whitby, owned by Tom Reyes", ", run by …": what is owned or run is not a person.
    '^(?:(?:is|was) (?:a|an|the) [^,]{0,60}?,? |, )(?:owned|run|founded|co-founded|operated|managed) by\\b',
  ].join('|'),
  'iu',
);
/** Verbs after which a name is an organisation ("founded Gojo Homes", "joined Vesna Labs"). */
const _BEFORE_ORGANISATION =
  /\b(?:founded|co-founded|cofounded|runs|owns|joined|works at|works for|worked at|worked for|employed by|hired by|CEO of|founder of|head of|director of|at|for)\s*$/i;

/** "her rabbit Mossa", "a dog called Rex": the name is an animal's, never the "she" of a later clause. */
const AFTER_ANIMAL = new RegExp(`\\b(?:${ANIMALS}|pet)s?,?\\s*(?:(?:named|called)\\s+)?$`, 'i');

/** "Tofu, Grace Kim's cat, was hit by a car": the animal named is the owner's. */
const ANIMAL_OF_OWNER = new RegExp(
  `^\\p{Lu}[\\p{L}'’-]*,\\s+(\\p{Lu}[\\p{L}-]+(?:\\s+\\p{Lu}[\\p{L}-]+){0,2})['’]s\\s+(?:[\\p{Ll}-]+\\s+)?(?:${ANIMALS}|pet),`,
  'u',
);

const BEFORE_PLACE = /(?:^|\s)(?:in|to|from|at|near|across|around|into|outside|inside|toward|towards|via)\s*$/i;

function isVerbForm(word: string): boolean {
  const lower = word.toLowerCase();
  return IRREGULAR_PAST.has(lower) || verbBase(lower) !== null;
}

export interface Entity {
  name: string;
  kind: 'person' | 'organisation';
}

/** Entities named in a sentence, in order, with the one it opens with (its subject), if any. */
export function entitiesIn(sentence: string): { subject: Entity | null; named: Entity[] } {
  const named: Entity[] = [];
  let subject: Entity | null = null;
  for (const m of sentence.matchAll(NAME)) {
    const words = m[0].replace(/[.’']+$/, '').split(/\s+/);
    const opensSentence = sentence.slice(0, m.index).trim() === '';
    // "Met Kenji's new girlfriend": a verb opening a note is not part of a name.
    while (words.length && (notAName(words[0].replace(/[.’']+$/, '')) || (opensSentence && isVerbForm(words[0])))) words.shift();
    if (!words.length) continue;
    const name = words.join(' ');
    const start = m.index! + m[0].indexOf(words[0]);
    const before = sentence.slice(0, start);
    const after = sentence.slice(start + name.length);
    if (/^['’]s\b/.test(after)) continue; // "Tom's sister": Tom owns, the sister is talked about
    if (/\p{L}['’]s\s+$/u.test(before)) continue; // "Sophie's Fiesta": a thing she owns, not a person
    if (AFTER_ANIMAL.test(before)) continue;
    // "The Lumen Quartet was formed …": a name after "the" is a group or a thing, never a person.
    const determined = /^the\s+$/i.test(before);
    const organisation =
      determined ||
      ORGANISATION_WORD.test(name) ||
      (before.trim() === '' && ORGANISATION_PREDICATE.test(after.trim())) ||
      (/\b(?:founded|co-founded|cofounded|owns|joined|runs)\s*$/i.test(before) && !/^\s+(?:and|&)\s/.test(after));
    // A name after "in", "to", "from" is more often a place or an employer than a person.
    if (!organisation && BEFORE_PLACE.test(before)) continue;
    const entity: Entity = { name, kind: organisation ? 'organisation' : 'person' };
    if ((before.trim() === '' || determined || isOpeningPhrase(before)) && !subject && /^\s*(?:,[^,]{1,60},\s*)?[a-z]/.test(after)) subject = entity;
    named.push(entity);
  }
  return { subject, named };
}

const PRONOUN_SUBJECT = /^(?:(he|she)(?:'s|’s|'d|’d)?|(his|her)|(its|it)(?:'s|’s)?|(they|their)(?:'re|’re)?)\b/i;
/** "Linh and Quang met in Hue": a subject of two people, whom a later "they" stands for. */
/** "Harpreet Kaur's favourite poet is …" (about Harpreet); "Kenji's girlfriend, Aiko, …" names whom it is about (group 2). */
/**
 * "Sophie Turner's Fiesta was written off", "Olu Adeyemi's contract with BP ended", "Finn O'Brien's
 * Focus …": a thing of the owner's, the clause still about the owner.
 */
const POSSESSIVE_OPENING =
  /^(\p{Lu}[\p{L}-]+(?:\s+(?:(?:de|da|van|von|der|del|la|le|bin|al)\s+)?\p{Lu}[\p{L}-]*(?:['’]\p{Lu}[\p{L}-]+)?){0,2})['’]s\s+(?:(?:(?!(?:with|at|in|for|to|of|from|on|by|and|or)\s)[\p{Ll}-]+\s+){0,2}(?!(?:with|at|in|for|to|of|from|on|by|and|or)\b)[\p{Ll}-]+(,?\s+\p{Lu}[\p{L}-]+)?|\p{Lu}[\p{L}-]+)/u;
const GROUP_SUBJECT = /^(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?\s+(?:and|&)\s+\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s+\p{Ll}/u;
/** "Since 2022 she has led …": a phrase of time or place before the subject, with no name in it. */
const OPENING_PHRASE =
  /^(?:(?:since|from|in|on|at|after|before|during|until|by|for|over|last|this|next|today|now|later|then|recently|currently|eventually|meanwhile|these|nowadays|lately)\b[^,]{0,40}?,?\s+)(?=(?:he|she)\b)/i;

/** "is a secondary school in Dundee": the noun an organisation is said to be. */
const DESCRIBED_AS =
  /^\s+(?:is|was)\s+(?:a|an|the)\s+(?:[\p{L}-]+\s+){0,3}?(\p{Ll}{3,})(?=$|[,.;]|\s+(?:in|on|at|for|of|with|based|owned|run|that|which|from|by|near|founded|written|built|serving|since)\b)/u;
/** A person's possessive inside a clause: "… adopted Ivy Brooks's tortoise". */
const OWNER_WITHIN = /(?<=\s)(\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]*(?:['’]\p{Lu}[\p{L}-]+)?){0,2})['’]s?\s+\p{Ll}/u;
/** "The cooperative opened …": a definite description, one lowercase noun, before its verb. */
const DESCRIPTION_OPENING = /^the\s+(\p{Ll}[\p{L}-]+)(?=\s+\p{Ll})/iu;
/**
 * A clause about a thing, an animal or a group of them: "A pair of budgies …", "The award …", "Two
 * cats …", or a noun alone before its verb ("… ; origami is over for her").
 */
const THING_OPENING =
  /^(?:(?:[Aa]n?|[Tt]he|[Tt]wo|[Tt]hree|[Ff]our|[Ff]ive|[Ss]ome|[Ss]everal|[Bb]oth)\s+\p{Ll}|(?!(?:he|she|it|they|we|you|i|this|that|there|here|who|what)\b)\p{Ll}[\p{Ll}-]+\s+(?:is|are|was|were|has|have|had)\b)/u;
/** "his instrument", "her flat": a possessive before the noun it qualifies. */
const POSSESSIVE_PRONOUN = /\b(?:his|her)\s+(?=(?!(?:in|on|at|for|since|now|again|every|today|ever|and|or|to|with|from|by)\b)\p{Ll})/gu;
/** "… is his now", "… are hers": a thing's owner named by a pronoun alone. */
const OWNED_BY_PRONOUN = /\b(is|are|was|were)\s+(?:his|hers)(?=\s*(?:now|these days|nowadays|again)?\s*[.!;]?\s*$)/gu;
/** "A beagle puppy joined the family": the family of the person the text is about. */
const THE_HOUSEHOLD = /\bthe\s+(family|household)\b/gu;
const OBJECT_PRONOUN = /\b(with|without|to|for|by|beside|alongside)\s+(?:him|her)\b(?!\s+(?!(?:in|on|at|for|since|now|again|every|today|ever)\b)\p{Ll})/gu;

/** Titles and headings that name a document rather than a person. */
const TITLE_WORDS =
  /^(?:Curriculum|Vitae|Resume|Résumé|Report|Annual|Quarterly|Monthly|Weekly|About|Team|Our|Notes?|Meeting|Minutes|Profile|Summary|Overview|Introduction|Contact|Home|News|Blog|Update|Updates|Agenda|Experience|Education|Skills|References|Projects?|Welcome|Biography|Bio|Page|Section|Chapter|Part|Appendix|Draft|Final|Memo|Newsletter|Journal|Diary|Review|Plan|Policy|Guide|Handbook|Manual|Team|Staff|People|Board|Committee|Company|Careers?|Jobs?|Press|Release|Story|Stories|Portfolio|Services|Products?|Events?|FAQ|Terms|Privacy)$/;

/** The person a document is about, as its title or first heading names them ("# Leilani Kahale"), if any. */
export function personInTitle(markdown: string): string | null {
  const lines = markdown
    .split('\n')
    .map((l) =>
      l
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/[*_`]/g, '')
        .trim(),
    )
    .filter(Boolean)
    .slice(0, 5);
  for (const line of lines) {
    if (line.length > 80 || /[.!?]$/.test(line)) continue;
    for (const m of line.matchAll(NAME)) {
      const words = m[0].split(/\s+/);
      if (words.length < 2 || words.length > 4 || words.some((w) => TITLE_WORDS.test(w) || notAName(w))) continue;
      if (ORGANISATION_WORD.test(m[0])) continue;
      return m[0];
    }
  }
  return null;
}

/** The last person a phrase names ("Quick facts about my nephew Oisín Byrne" → Oisín Byrne), if any. */
export function personNamed(phrase: string): string | null {
  return [...entitiesIn(phrase).named].reverse().find((e) => e.kind === 'person')?.name ?? null;
}

/** Tracks the entities a text has named, to resolve the pronouns that open its later clauses. */
export class Antecedents {
  private person: string | null = null;
  private organisation: string | null = null;
  private group: string | null = null;
  /** Organisations named so far, the latest first. */
  private organisations: string[] = [];
  /** What organisations were said to be: "Harris Academy is a secondary school" → school: Harris Academy. */
  private described = new Map<string, string>();
  /** The name the last clause opened with, whoever it is: what an organisation's "it" may stand for. */
  private lastSubject: string | null = null;

  /** A document about one person (a CV, a bio) says "she" of the person its title names. */
  constructor(titlePerson: string | null = null) {
    this.person = titlePerson;
  }

  /**
   * The clause with an opening "he", "she", "his", "her" or "it" replaced by the entity it stands
   * for; the clause itself when it opens with none; null when it does and nobody was named.
   */
  resolve(clause: string): string | null {
    const opening = OPENING_PHRASE.exec(clause)?.[0];
    if (opening) {
      const rest = this.resolve(clause.slice(opening.length));
      return rest === null ? null : `${opening}${rest}`;
    }
    const m = PRONOUN_SUBJECT.exec(clause);
    if (!m) return this.withObjectNamed(this.withDescriptionNamed(clause));
    const [word, personal, possessive, neuter, plural] = m;
    const rest = clause.slice(word.length);
    if (plural) {
      // "They build sea kayaks": the couple named before, or the company.
      const target = this.group ?? this.organisation;
      if (!target || !/^(?:'re|’re)?\s+\p{Ll}/u.test(rest)) return clause;
      if (/^their$/i.test(plural)) return `${possessiveOf(target)}${rest}`;
      const said = word.length > plural.length ? ` are${rest}` : rest;
      return this.group ? `${target}${said}` : `${target}${singular(said)}`;
    }
    if (neuter) {
      // "It" opens many clauses that name nothing ("It was a great year"): resolved only to a named
      // organisation, or to the subject before when what "it" does is what organisations do ("It employs 430 crew").
      const judgement = /^\s+(?:was|is)\s+(?:a|an|so|very|really|great|good|nice|hard|fun|amazing|awesome|tough)\b/i.test(rest);
      const its = /^its$/i.test(neuter);
      const target = this.organisation ?? (its || ORGANISATION_PREDICATE.test(rest.trim()) ? this.lastSubject : null);
      if (!target || judgement || !/^\s+\p{Ll}/u.test(rest)) return clause;
      if (its) return `${possessiveOf(target)}${rest}`;
      return `${target}${word.length > 2 ? ' is' : ''}${rest}`;
    }
    if (!this.person) return null;
    if (possessive) {
      // "her" opening a clause is possessive only before a noun ("Her brother Sam …").
      if (!/^\s+\p{Ll}/u.test(rest)) return clause;
      return `${possessiveOf(this.person)}${rest}`;
    }
    const contraction = word.slice(personal.length).replace('’', "'");
    const verb =
      contraction === "'s"
        ? /^\s+(?:been|got|had|done|made|gone|become|started|moved|worked|lived)\b/.test(rest)
          ? ' has'
          : ' is'
        : contraction === "'d"
          ? ' would'
          : '';
    return `${this.person}${verb}${rest}`;
  }

  /**
   * "Northwind Cooperative supplies … The cooperative opened a solar farm": "the" and the last word
   * of an organisation's name stand for it.
   */
  private withDescriptionNamed(clause: string): string {
    const m = DESCRIPTION_OPENING.exec(clause);
    if (!m) return clause;
    const noun = m[1].toLowerCase();
    const named = this.organisations.find((name) => name.split(/\s+/).at(-1)!.toLowerCase() === noun) ?? this.described.get(noun);
    return named ? `${named}${clause.slice(m[0].length)}` : clause;
  }

  /**
   * "A pair of budgies now live with him", "the double bass is his instrument now", "a puppy joined
   * the family": a clause about a thing or an animal names its person by "him", "her", "his" or
   * "the family". A clause opening with a name is left as it is, but for a thing said to be "his" or
   * "hers".
   */
  private withObjectNamed(clause: string): string {
    const person = this.person;
    if (!person) return clause;
    // "Project Orion is his now": whose a thing is, said of the thing.
    const owned = clause.replace(OWNED_BY_PRONOUN, (_m, verb: string) => `${verb} ${possessiveOf(person)}`);
    if (!THING_OPENING.test(owned)) return owned;
    return owned
      .replace(OBJECT_PRONOUN, (_m, preposition: string) => `${preposition} ${person}`)
      .replace(POSSESSIVE_PRONOUN, `${possessiveOf(person)} `)
      .replace(THE_HOUSEHOLD, (_m, noun: string) => `${possessiveOf(person)} ${noun}`);
  }

  /** The person a "he" or "she" would stand for now. */
  get currentPerson(): string | null {
    return this.person;
  }

  /** Remembers the person a label names ("Quick facts about my nephew Oisín Byrne"). */
  observeLabel(label: string): void {
    this.person = personNamed(label) ?? this.person;
  }

  /** Remembers the entities a clause names, its subject first in line for the next pronoun. */
  observe(clause: string): void {
    const { subject, named } = entitiesIn(clause);
    const lastPerson = [...named].reverse().find((e) => e.kind === 'person');
    const lastOrganisation = [...named].reverse().find((e) => e.kind === 'organisation');
    // "Harpreet Kaur's favourite poet is A. K. Ramanujan. She runs …": the owner is who it is about.
    const possessive = POSSESSIVE_OPENING.exec(clause);
    // "Freya's rabbit Mossa died": the rabbit is named, and the clause is still about its owner.
    const namesAnAnimal = !!possessive?.[2] && AFTER_ANIMAL.test(possessive[0].slice(0, -possessive[2].length));
    const owner = possessive && (!possessive[2] || namesAnAnimal) && !isVerbForm(possessive[1].split(/\s+/)[0]) ? possessive[1] : null;
    const animalsOwner = ANIMAL_OF_OWNER.exec(clause)?.[1];
    if (animalsOwner) this.person = animalsOwner;
    else if (subject?.kind === 'person') this.person = subject.name;
    else if (owner && !ORGANISATION_WORD.test(owner)) this.person = owner;
    else if (lastPerson) this.person = lastPerson.name;
    else if (!subject) {
      // "A neighbour adopted Ivy Brooks's tortoise": with nobody else named, the owner is the person.
      const named = OWNER_WITHIN.exec(clause)?.[1];
      if (named && !ORGANISATION_WORD.test(named) && !notAName(named.split(/\s+/)[0])) this.person = named;
    }
    this.lastSubject = subject?.name ?? null;
    for (const e of named) if (e.kind === 'organisation') this.organisations = [e.name, ...this.organisations.filter((n) => n !== e.name)];
    const description = subject?.kind === 'organisation' ? DESCRIBED_AS.exec(clause.slice(clause.indexOf(subject.name) + subject.name.length)) : null;
    if (subject && description) this.described.set(description[1].toLowerCase(), subject.name);
    if (subject?.kind === 'organisation') this.organisation = subject.name;
    else if (subject) this.organisation = null;
    else if (lastOrganisation) this.organisation = lastOrganisation.name;
    // A couple stays "they" while one of them is talked about ("He proposed …. They live in Da Lat").
    const group = GROUP_SUBJECT.exec(clause)?.[1] ?? null;
    if (group) this.group = group;
    else if (subject && !this.group?.includes(subject.name.split(' ')[0])) this.group = null;
  }

  /** A title that names what a document is about ("Supplier sheet — Panificio Greco"): "they" and "it" may stand for it. */
  observeTitle(title: string): void {
    const name = /(?:^|[-:|·]\s*)(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3})\s*[.!]?$/u.exec(title.trim())?.[1];
    if (name && !this.organisation && !this.group) this.organisation = name;
  }
}

/** "They are based in Ljubljana" said of one company: "Vesna Labs is based …". */
function singular(rest: string): string {
  return rest
    .replace(
      /^\s+(are|were|have|do)\b/i,
      (_m, verb: string) => ` ${({ are: 'is', were: 'was', have: 'has', do: 'does' } as Record<string, string>)[verb.toLowerCase()]}`,
    )
    .replace(/^\s+(\p{Ll}+)\b/u, (m0, verb: string) =>
      /^(?:is|was|has|does|can|will|would|could|should|may|might|must)$/.test(verb) || /s$/.test(verb) ? m0 : ` ${thirdPersonOf(verb)}`,
    );
}

function thirdPersonOf(verb: string): string {
  if (/(?:s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function possessiveOf(name: string): string {
  return /s$/.test(name) ? `${name}'` : `${name}'s`;
}
