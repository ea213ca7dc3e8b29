import { CHAT_STOPWORDS } from '../text/stopwords.js';
import { escapeRegExp } from '../text/words.js';

const INTERJECTION =
  /^(?:(?:hey|hi|hello|oh|ah+|aw+|wow|whoa|yeah|yes|yep|yup|no|nope|nah|ok|okay|haha+|lol|lmao|hmm+|um+|uh+|omg|omfg|gosh|tbh|tbf|ngl|imo|imho|idk|fr|lowkey|oof|welp|ooh+|oh|so|well|anyway|anyways|btw|by the way|also|plus|actually|honestly|great|cool|awesome|nice|sweet|sure|true|right|thanks|thank you|indeed|totally|definitely|absolutely|exactly|congrats|congratulations|way to go|well done|good job|great job|nice job|man|dude|aww+|yay|phew|alright|of course|for sure|good|bummer|ugh|sorry)(?:\s+[A-Z][a-z]+)?\s*[,!.]+\s*|(?:oh|so|well|and|but|also|plus|anyway|anyways|btw|by the way|honestly|actually|yeah|haha|lol|like|nah|omg|tbh|ngl|hey so|ok so|okay so|so yeah|lowkey|fr)\s+|(?:so |how |really )?(?:cool|great|awesome|nice|amazing|wonderful|good|glad) (?:that )?(?=(?:you|your|he|she|they|my|I)\b))/i;

const CATCHING_UP = /^since (?:we|I) (?:last )?(?:chatted|talked|spoke|caught up)(?: last)?,?\s*/i;
/** "Big news: …", "Update - …", "PSA: …": a label before what is said. */
const LEAD_LABEL =
  /^(?:big |good |great |some |quick |small |sad |exciting )?(?:news|update|psa|fyi|heads up|life update|update time|tldr|tl;dr|reminder|note to self|update on \w+)\s*[:!,-]+\s*/i;
const TAG_QUESTION = /,?\s*(?:right|isn't it|aren't they|don't you think|you know|huh|eh|no|yeah|ok|okay)\?+\s*$/i;

const STOCK_PHRASES = [
  /^(?:good|great|nice|so good) (?:to (?:see|hear from|talk to|chat with)|talking to|chatting with) you\b/i,
  /^(?:thanks|thank you|thx|ty)\b/i,
  /^(?:welcome(?: back)?(?: to (?:the|our|my|this) \w+| everyone| all| folks)?|hello (?:everyone|all|folks)|good (?:morning|afternoon|evening) everyone)[\s.!,]*$/i,
  /^(?:bye|goodbye|see you|see ya|talk (?:soon|later)|talk to you|chat (?:soon|later)|take a look|have a look|check (?:this|it) out|take care|have a (?:good|great|nice)|catch you|cheers|good night|good morning|later)\b/i,
  /^(?:me too|same here|same|you too|no problem|no worries|you're welcome|my pleasure|any ?time|fair enough)\b/i,
  // Alone they only agree; "Definitely try the salmon roll" says something.
  /^(?:of course|for sure|definitely|absolutely|exactly|agreed|totally|true|indeed)[\s.!,]*$/i,
  /^(?:good luck|best of luck|congrats|congratulations|well done|way to go|keep (?:it )?up|keep going|go for it|you got this|you've got this|hang in there|stay strong)\b/i,
  /^(?:let me know|feel free|don't hesitate|keep me (?:posted|updated)|can't wait to (?:see|hear)|looking forward to (?:seeing|hearing))\b/i,
  /^i(?:'m| am) (?:so |really |very |super |truly )*(?:happy|glad|proud|sorry|thrilled|excited|stoked) (?:for|of|to hear|about) (?:you|that|this|it)\b/i,
  /^i (?:hope|bet|agree|see|appreciate|understand|know|guess|think so|feel you|hear you)(?: (?:that|it|you|so|this|what you mean|right))*[.!]*$/i,
  /^i (?:hope|wish) (?:you|your)\b/i,
  /^i(?:'m| am) (?:always )?here (?:for|if) you\b/i,
  /^(?:that|this|it|which)(?:'s| is| was| sounds| looks| seems| must be| must have been)(?: (?:so|really|very|pretty|super|such|just|absolutely|totally|truly|quite|incredibly|amazingly|seriously))* (?:an? )?\w+(?: (?:idea|news|thing|one|stuff|step|job|achievement|accomplishment|experience|time|moment|plan|goal|way|story|question|point|to hear|of you|for you|to me))?[.!]*$/i,
  /^(?:what an?|how) \w+(?: \w+)?[.!]*$/i,
  /^(?:sounds|looks|seems)(?: like)?(?: (?:a|an|so|really|very|super|pretty|totally|such))* \w+(?: (?:idea|plan|time|one|fun|blast))?[.!]*$/i,
  /^(?:as an ai|i'?m an ai|i am an ai|i'?m just an ai|as a language model)\b/i,
  /^(?:i hope (?:this|that) helps|is there anything else|i'?d be (?:happy|glad) to help|i can help (?:you )?with that|here(?:'s| is) (?:a|an|the|some) (?:summary|list|breakdown|overview|example|quick)\b)/i,
  /^(?:sure|certainly|of course|absolutely|great question|good question)[!.,]*$/i,
];

/** Drops leading interjections and vocatives ("Wow, Caroline! I went…" → "I went…"). */
export function stripInterjections(clause: string, names: readonly string[]): string {
  const vocatives = names.map((name) => {
    const escaped = escapeRegExp(name);
    return [new RegExp(`^${escaped}\\s*[,!.]+\\s*`, 'i'), new RegExp(`,\\s*${escaped}\\s*(?=[.!?,]|$)`, 'gi')] as const;
  });
  let out = clause.trim().replace(TAG_QUESTION, '');
  for (let i = 0; i < 6; i++) {
    let next = out.replace(INTERJECTION, '').replace(CATCHING_UP, '').replace(LEAD_LABEL, '');
    for (const [leading, trailing] of vocatives) next = next.replace(leading, '').replace(trailing, '');
    if (next === out) break;
    out = next;
  }
  return out.trim();
}

export function contentWords(clause: string): string[] {
  return (clause.toLowerCase().match(/[a-z0-9][a-z0-9'-]*/g) ?? []).filter((w) => w.length > 2 && !CHAT_STOPWORDS.has(w));
}

const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself|we|we're|we've|our|us)\b/i;

export function isFirstPerson(clause: string): boolean {
  return FIRST_PERSON.test(clause);
}

/** Questions, greetings, thanks, bare reactions and assistant boilerplate carry no memory. */
export function isNoise(clause: string): boolean {
  const c = clause.trim();
  if (c.length < 3 || /\?\s*["')]*$/.test(c)) return true;
  if (STOCK_PHRASES.some((re) => re.test(c))) return true;
  const words = contentWords(c);
  if (isFirstPerson(c)) return words.length === 0;
  return words.length < 2;
}
