/** Deterministic synthetic memories: short statements about people, things, places and times. */

const NAMES = (
  'Alice Bruno Chen Dana Emeka Farah Gustav Hana Ivan Jonas Keiko Lena Mateo Nadia Omar Priya Quentin Rosa Sven Tomas ' +
  'Uma Victor Wen Ximena Yusuf Zara Amir Beatriz Carlos Dmitri Elif Fatima Goran Hiro Ines Jamal Katya Luis Mina Noor'
).split(' ');
const VERBS = (
  'bought sold painted repaired visited planned cooked studied adopted borrowed lost found photographed organized ' +
  'practiced wrote read designed renovated booked cancelled celebrated joined left started finished'
).split(' ');
const OBJECTS = (
  'a red bicycle|an old guitar|a sourdough recipe|a vegetable garden|a used car|a small sailboat|a birthday party|' +
  'a photography course|a mountain cabin|a vintage camera|a marathon training plan|a chemistry textbook|a rescue dog|' +
  'a kitchen renovation|a podcast episode|a pottery class|a trip to Lisbon|a job interview|a chess tournament|' +
  'a yoga retreat|a wedding speech|a board game night|a science fair project|a charity auction|a climbing gym membership|' +
  'a jazz concert|a family reunion|a coding bootcamp|a piano recital|a beekeeping kit|a tax return|a hiking map|' +
  'a watercolor portrait|a startup pitch deck|a language exchange|a film festival pass|a community garden plot|' +
  'a ceramic vase|a telescope|a volunteer shift'
).split('|');
const PLACES = (
  'in Berlin|at the library|near the harbour|in the old town|at the farmers market|in Osaka|at the office|at home|' +
  'in the park|at the community center|in Nairobi|at the beach|in Montreal|at the university|in a small village'
).split('|');
const TIMES = 'last spring|in March|yesterday|two weeks ago|over the weekend|in 2021|last summer|on her birthday|in December|this morning'.split('|');

/** A cheap deterministic generator, so two runs produce the same data. */
export function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: T[]) => list[Math.floor(random() * list.length)];

export function baseStatements(count: number, seed = 7): string[] {
  const random = rng(seed);
  const out = new Set<string>();
  while (out.size < count) {
    out.add(`${pick(random, NAMES)} ${pick(random, VERBS)} ${pick(random, OBJECTS)} ${pick(random, PLACES)} ${pick(random, TIMES)}.`);
  }
  return [...out];
}

const QUESTION_TEMPLATES = [
  (n: string, o: string) => `What did ${n} do with ${o}?`,
  (n: string, o: string) => `When did ${n} get ${o}?`,
  (_n: string, o: string) => `Who was involved with ${o}?`,
  (n: string, _o: string, p: string) => `What happened to ${n} ${p}?`,
  (_n: string, o: string, p: string) => `Tell me about ${o} ${p}`,
];

export function queries(count: number, seed = 11): string[] {
  const random = rng(seed);
  const out = new Set<string>();
  while (out.size < count) {
    const template = pick(random, QUESTION_TEMPLATES);
    out.add(template(pick(random, NAMES), pick(random, OBJECTS), pick(random, PLACES)));
  }
  return [...out];
}
