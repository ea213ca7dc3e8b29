/** Pastimes whose repeated mention says something lasting about a person. */
export const ACTIVITIES = [
  'painting',
  'drawing',
  'pottery',
  'photography',
  'hiking',
  'camping',
  'running',
  'swimming',
  'cycling',
  'climbing',
  'yoga',
  'dancing',
  'singing',
  'guitar',
  'piano',
  'violin',
  'reading',
  'writing',
  'cooking',
  'baking',
  'gardening',
  'fishing',
  'surfing',
  'skiing',
  'chess',
  'volunteering',
  'knitting',
  'sculpting',
  'gaming',
  'traveling',
] as const;

const STEMS: Record<string, string> = {
  paint: 'painting',
  painted: 'painting',
  paints: 'painting',
  drew: 'drawing',
  draws: 'drawing',
  hike: 'hiking',
  hiked: 'hiking',
  hikes: 'hiking',
  camp: 'camping',
  camped: 'camping',
  ran: 'running',
  runs: 'running',
  swam: 'swimming',
  swim: 'swimming',
  cycle: 'cycling',
  climb: 'climbing',
  climbed: 'climbing',
  dance: 'dancing',
  danced: 'dancing',
  sang: 'singing',
  sing: 'singing',
  read: 'reading',
  reads: 'reading',
  wrote: 'writing',
  writes: 'writing',
  cook: 'cooking',
  cooked: 'cooking',
  bake: 'baking',
  baked: 'baking',
  garden: 'gardening',
  fished: 'fishing',
  surfed: 'surfing',
  ski: 'skiing',
  volunteer: 'volunteering',
  volunteered: 'volunteering',
  volunteers: 'volunteering',
  knit: 'knitting',
  travel: 'traveling',
  travelled: 'traveling',
  traveled: 'traveling',
  travels: 'traveling',
};

const ACTIVITY_SET = new Set<string>(ACTIVITIES);

/** Activities a memory mentions, normalised to their -ing form. */
export function activitiesIn(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const activity = ACTIVITY_SET.has(word) ? word : STEMS[word];
    if (activity) found.add(activity);
  }
  return [...found];
}

export interface Inference {
  content: string;
  activity: string;
  parentIds: string[];
}

/**
 * When one person's memories mention the same pastime at least twice, infers a lasting interest,
 * linked (`derives`) to the memories it rests on. It is stored as an inference: ranked lower and
 * open to review.
 */
export function inferInterest(subject: string, activity: string, supporting: { id: string; memory: string }[]): Inference | null {
  const parents = supporting.filter((m) => activitiesIn(m.memory).includes(activity) && m.memory.includes(subject));
  if (parents.length < 2) return null;
  return { content: `${subject} has a lasting interest in ${activity}`, activity, parentIds: parents.map((p) => p.id) };
}
