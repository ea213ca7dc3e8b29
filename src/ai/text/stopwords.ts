/**
 * The stop words: words that carry no topic, dropped before texts are compared. One list, in layers,
 * because each use was tuned on its own: the bucket classifier drops the commonest function words
 * only, search and topic words all of them, and the chat extractor drops chat filler besides while
 * counting a few rarer function words as content.
 */

const list = (words: string): string[] => words.trim().split(/\s+/);

/** Articles, conjunctions, common prepositions, the forms of "be" and "have", and the question words. */
export const COMMON_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  list(`a an and are as at be by for from has have in is it its of on or that the their this to was were will with
  about any all into other such what when which who whose`),
);

/** English function words and question words, with vague verbs and nouns ("tell", "thing", "kind"): they carry no topic. */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...COMMON_FUNCTION_WORDS,
  ...list(`but if onto over under above below between through during before after since until while than then so too
  very just also only even still yet again ever never not no nor am been being do does did doing done had having would
  shall should can could may might must i me my mine myself you your yours yourself he him his himself she her hers
  herself itself we us our ours ourselves they them theirs themselves these those there here whom where why how both
  each few more most some own same s t don now up down out off once get got like tell know think say said ones one
  thing things something anything kind lot really`),
]);

/** Chat filler: contractions, interjections, reactions and praise ("wow", "awesome", "lol"). */
const CHAT_FILLER = list(`it's i'm i've i'd i'll we're you're quite pretty much many every yes getting go going went gone
  make made stuff lots bit sort oh wow yeah hey hi well always today feel felt sure super totally definitely actually
  honestly maybe great good nice cool awesome amazing fun glad happy thanks thank love loved lol lmao haha hahaha tho btw
  omg tbh ngl idk imo`);

/** Stop words a chat clause still counts as content (rarer prepositions, reflexives, verbs of saying): "before", "said". */
const COUNTED_IN_CHAT: ReadonlySet<string> = new Set(
  list(`onto over under above below between through during before after since until while only yet again nor shall
  yourself himself hers herself itself ours ourselves theirs themselves few other own same s t don up down out off once
  tell say said something anything`),
);

/** The stop words of a chat clause: the stop words less those it counts as content, plus chat filler. */
export const CHAT_STOPWORDS: ReadonlySet<string> = new Set([...[...STOPWORDS].filter((w) => !COUNTED_IN_CHAT.has(w)), ...CHAT_FILLER]);
