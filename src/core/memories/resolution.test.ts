import { describe, expect, it } from 'vitest';
import { factShape, setsSameAttribute, unsharedValues } from './fact-values.js';
import { REPLACES_MIN_SIMILARITY, replacesHeldValues, replacesInEditedDocument, resolveMemory, saysNewValue, type Neighbour } from './resolution.js';

const n = (memory: string, similarity: number, id = memory): Neighbour => ({ id, memory, similarity, fromSameDocument: false });

describe('resolveMemory', () => {
  it('treats the same fact, however punctuated, as a duplicate', () => {
    expect(resolveMemory('Sam likes hiking.', [n('sam likes hiking', 0.7)])).toMatchObject({ action: 'duplicate' });
    expect(resolveMemory('Sam enjoys hiking a lot', [n('Sam really enjoys hiking', 0.97)])).toMatchObject({ action: 'duplicate' });
  });

  it('makes a contradicting value of the same attribute a new version', () => {
    const result = resolveMemory('Alex works at Plaid', [n('Alex likes tea', 0.5), n('Alex works at Stripe', 0.8)]);
    expect(result).toEqual({ action: 'relate', to: expect.objectContaining({ memory: 'Alex works at Stripe' }), relation: 'updates' });
  });

  it('links added detail with extends, and leaves unrelated facts new', () => {
    const extended = resolveMemory('Alex works at Stripe as a product manager on payments', [n('Alex works at Stripe as a product manager', 0.9)]);
    expect(extended).toMatchObject({ action: 'relate', relation: 'extends' });
    expect(resolveMemory('Alex adopted a cat', [n('Alex works at Stripe', 0.3)])).toEqual({ action: 'new' });
    expect(resolveMemory('Alex adopted a cat', [])).toEqual({ action: 'new' });
  });
});

describe('resolveMemory: attributes read by meaning', () => {
  const picked = "Lars picked up Lars' Tesla Model Y today, the dealer took the Volvo as part of the deal";
  const volvo = n('Lars Nilsson drives a red Volvo XC60 to the office', 0.3);

  it('makes a statement whose meaning sets the attribute a memory states with another value its new version', () => {
    expect(resolveMemory(picked, [], [volvo])).toEqual({ action: 'new' });
    const meant = [{ subject: 'Lars', attribute: 'car', value: 'Tesla Model Y' }];
    expect(resolveMemory(picked, [], [volvo], meant)).toEqual({ action: 'relate', to: volvo, relation: 'updates' });
  });

  it('never makes a version of another subject, or of an attribute that holds many values', () => {
    expect(resolveMemory(picked, [], [volvo], [{ subject: 'Ingrid', attribute: 'car', value: 'Tesla Model Y' }])).toEqual({ action: 'new' });
    const pet = n('Lars has a dog named Bamse', 0.3);
    expect(resolveMemory('Lars adopted a greyhound called Arrow', [], [pet], [{ subject: 'Lars', attribute: 'pet', value: 'Arrow' }])).toEqual({
      action: 'new',
    });
  });
});

describe('resolveMemory: facts that differ in a number, date or name', () => {
  it('never calls a close neighbour a duplicate when the candidate names a value it does not', () => {
    const apartment = resolveMemory("Alice's apartment number is 9876", [n("Alice's apartment number is 1234", 0.98)]);
    expect(apartment).toEqual({ action: 'relate', to: expect.objectContaining({ memory: "Alice's apartment number is 1234" }), relation: 'updates' });
    const project = resolveMemory('Project 13 is led by John Smith and due on June 9', [n('Project 12 is led by Maria Lopez and due on May 3', 0.97)]);
    expect(project).toEqual({ action: 'new' });
    expect(resolveMemory('Alice likes tea', [n('Bob likes tea', 0.97)])).toEqual({ action: 'new' });
  });

  it('still treats a restatement that adds no value as a duplicate', () => {
    expect(resolveMemory('Alice moved to Berlin', [n('Alice moved to Berlin in May 2021', 0.96)])).toMatchObject({ action: 'duplicate' });
    expect(resolveMemory("Alice's apartment number is 1,234", [n("Alice's apartment number is 1234.", 0.99)])).toMatchObject({ action: 'duplicate' });
  });

  it('updates a value of the same attribute: dates, quoted strings, "now"', () => {
    expect(resolveMemory('The launch is on March 9', [n('The launch is on March 5', 0.97)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('The wifi password is "swordfish"', [n('The wifi password is "hunter"', 0.9)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory("Alice's apartment number is now 9876", [n("Alice's apartment number is 1234", 0.93)])).toMatchObject({ relation: 'updates' });
  });

  it('keeps alike statements of one document with different values as separate facts', () => {
    const sameDocument = { ...n('Newcomers ask Ana for the room code 1000', 0.97), fromSameDocument: true };
    expect(resolveMemory('Newcomers ask Ana for the room code 1008', [sameDocument])).toEqual({ action: 'new' });
    expect(resolveMemory('Alex works at Plaid', [{ ...n('Alex works at Stripe', 0.8), fromSameDocument: true }])).toMatchObject({ relation: 'updates' });
  });

  it('keeps facts about different subjects, or several changed values, or past actions apart', () => {
    expect(resolveMemory('The Hermes project is due on May 3', [n('The Apollo project is due on May 3', 0.97)])).toEqual({ action: 'new' });
    expect(resolveMemory('In 2021 Alice lived in Paris', [n('In 2020 Alice lived in Rome', 0.95)])).toEqual({ action: 'new' });
    expect(resolveMemory('Alice visited Rome in May', [n('Alice visited Paris in May', 0.96)])).toEqual({ action: 'new' });
    expect(resolveMemory('Alice met Carl on Friday', [n('Alice met Bob on Friday', 0.96)])).toEqual({ action: 'new' });
  });

  it('does not extend a fact about another subject', () => {
    expect(resolveMemory('Project 13 is due on Friday and is led by Ann', [n('Project 12 is due on Friday', 0.85)])).toEqual({ action: 'new' });
    expect(resolveMemory('Project 12 is due on Friday and is led by Ann', [n('Project 12 is due on Friday', 0.85)])).toMatchObject({ relation: 'extends' });
  });
});

describe('resolveMemory: updates decided by meaning', () => {
  it('makes a new value of a single-valued attribute a new version, however it is told and however far it embeds', () => {
    const employer = n('Dana works at Google', 0.2);
    for (const told of ['Dana joined Meta', 'Dana got a job at Meta', 'Dana was hired by Meta', 'Dana is an engineer at Meta']) {
      expect(resolveMemory(told, [], [employer]), told).toEqual({ action: 'relate', to: employer, relation: 'updates' });
    }
    expect(resolveMemory('Dana left Google', [], [employer])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('Dana Reyes relocated to Porto', [], [n('Dana lives in Lisbon', 0.1)])).toMatchObject({ relation: 'updates' });
  });

  it("keeps another person's attribute, a second value of a many-valued one, and the same value apart", () => {
    expect(resolveMemory('Bob joined Meta', [], [n('Dana works at Google', 0.2)])).toEqual({ action: 'new' });
    expect(resolveMemory('Kenji plays the piano', [n('Kenji plays the cello', 0.8)])).toEqual({ action: 'new' });
    expect(resolveMemory('Dana works at Google as a designer', [n('Dana works at Google', 0.85)])).toMatchObject({ relation: 'extends' });
  });

  it('makes a statement told as a change a new version of the close statement it changes', () => {
    expect(resolveMemory('From now on, Zoe takes her coffee with oat milk', [n('Zoe takes her coffee black', 0.7)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('Dana and others are going to Florence instead', [n('Dana and others are going to Rome in June', 0.62)])).toMatchObject({
      relation: 'updates',
    });
    expect(resolveMemory('Kenji now plays the piano', [n('Kenji plays the cello', 0.8)])).toMatchObject({ relation: 'updates' });
    // Told as a change, but of something else, or of someone else.
    expect(resolveMemory('From now on, Zoe walks to work', [n('Zoe takes her coffee black', 0.55)])).toEqual({ action: 'new' });
    expect(resolveMemory('Tom takes his coffee with oat milk instead', [n('Zoe takes her coffee black', 0.7)])).toEqual({ action: 'new' });
  });

  it('never makes a statement told as a change a new version of one its source states beside it', () => {
    const workshop = n('Tāne Walker carves pounamu in a workshop in Rotorua', 0.62);
    const teaches = 'Tāne Walker studied at the Institute and now teaches there two days a week';
    expect(resolveMemory(teaches, [workshop])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory(teaches, [{ ...workshop, statedAlongside: true }])).toEqual({ action: 'new' });
  });
});

describe('resolveMemory: a thing said to have ended', () => {
  it('ends the fact that states the thing, whichever attribute states it', () => {
    const cello = n('Omar Haddad plays the cello in a string quartet', 0.3);
    expect(resolveMemory('Omar sold his cello last month', [], [cello])).toEqual({ action: 'relate', to: cello, relation: 'updates' });
    const golf = n('Marek Novak drives a Volkswagen Golf', 0.3);
    expect(resolveMemory('Marek got rid of the Golf', [], [golf])).toMatchObject({ relation: 'updates' });
    // The thing itself is the subject: it ends whoever's fact names it.
    const rocky = n('Hannah Weber has a beagle called Rocky', 0.2);
    expect(resolveMemory('Rocky passed away in January', [], [rocky])).toEqual({ action: 'relate', to: rocky, relation: 'updates' });
  });

  it('ends a pastime by the things that go with it, named in other words', () => {
    const coins = n('Ines Moreau collects coins', 0.3);
    expect(resolveMemory('Ines Moreau sold her coin collection', [], [coins])).toEqual({ action: 'relate', to: coins, relation: 'updates' });
    const golf = n('Ines Moreau plays golf at weekends', 0.3);
    expect(resolveMemory('Ines Moreau gave away her golf clubs', [], [golf])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('Ines Moreau sold her coin collection', [], [n('Ines Moreau plays golf at weekends', 0.3)])).toEqual({ action: 'new' });
  });

  it("leaves someone else's thing, another thing, and a thing merely mentioned alone", () => {
    expect(resolveMemory('Bob sold his cello', [], [n('Omar plays the cello', 0.3)])).toEqual({ action: 'new' });
    expect(resolveMemory('Omar sold his bike', [], [n('Omar plays the cello', 0.3)])).toEqual({ action: 'new' });
    expect(resolveMemory('Hannah walked Rocky in the park', [], [n('Hannah Weber has a beagle called Rocky', 0.5)])).toEqual({ action: 'new' });
  });

  it('makes a move to another project a new version of the project held before', () => {
    const search = n('Yuki Tanaka works on the search project at Mercari', 0.3);
    expect(resolveMemory('Yuki Tanaka has been moved over to the checkout rewrite', [], [search])).toMatchObject({ relation: 'updates' });
    // Working on one more project is not a move.
    expect(resolveMemory('Yuki Tanaka also works on the billing migration', [], [search])).toEqual({ action: 'new' });
  });
});

describe('resolveMemory: the same change told in many words', () => {
  // [what was remembered, what is said later]: each a new version, found by attribute (far in embedding).
  const byAttribute: [string, string][] = [
    ['The user works at Acme', 'The user left Acme'],
    ['The user works at Acme', 'The user is now at Globex'],
    ['The user works at Acme', "The user's new employer is Globex"],
    ['The user works at Acme', 'The user has been working at Globex since March'],
    ['Priya lives in Pune', 'Priya relocated to Lyon'],
    ['Priya lives in Pune', 'Priya and others are in Lyon now'],
    ['Priya lives in Pune', 'Priya bought a house in Lyon'],
    ['Ines is dating Pedro', 'Ines is engaged to Jordan now'],
    ['Ines is dating Pedro', 'Ines broke up with Pedro'],
    ['Ines is a teacher', 'Ines became a nurse'],
    ['Ines is a teacher', 'Ines is no longer a teacher'],
    ['Ines is a junior designer', 'Ines got promoted to art director'],
    ['Omar is vegetarian', 'Omar went vegan'],
    ['Omar is vegetarian', 'Omar eats fish now'],
    ['Omar is vegetarian', 'Omar is no longer vegetarian'],
    ['Kai plays the guitar', 'Kai gave up the guitar'],
    ['Kai plays the guitar', 'Kai switched from guitar to drums'],
    ['Bilal attends Greenfield Primary School', 'Bilal has been at Oakridge Academy since September'],
    ["The user's favorite food is sushi", "Ramen is the user's favorite now"],
    ['The user is on the Atlas project', 'The user moved off Atlas'],
    ['The user works at Google', 'The user is not at Google anymore'],
    ['The user lives in Denver', 'The user and others relocated from Denver to Austin in the spring'],
    ['The user lives in Berlin', 'The user is back in Lisbon after two years in Berlin'],
    ['Beatriz works in the Lisbon office', 'Beatriz has transferred to the Porto office'],
    ['Lena studies engineering', 'Lena switched from engineering to law'],
    ['Dev is pescatarian', 'Dev has switched to a vegan diet'],
    ['Amir drives a Honda Civic', 'Amir swapped his Honda for a Tesla'],
    ["The user's name is Taylor", "The user changed the user's name to Jordan"],
    ["Chloe's phone number is 555-0123", "Chloe's new phone number is 555-0199"],
    ['The user is married to Dana', "The user's wife and the user separated"],
    ['Jonas is single', 'Jonas is seeing someone new, a nurse called Mia'],
    ['Tom has a dog named Max', 'Tom got a new dog, Rex, after Max passed'],
  ];
  it.each(byAttribute)('%s → %s', (before, after) => {
    const old = n(before, 0.2);
    expect(resolveMemory(after, [], [old])).toEqual({ action: 'relate', to: old, relation: 'updates' });
  });

  // Told as a change of a close statement of the same subject, with no attribute to go by.
  const toldAsChange: [string, string][] = [
    ['Zoe takes her coffee black', 'From now on, Zoe takes her coffee with oat milk'],
    ['Zoe used to drink coffee every morning', 'Now Zoe drinks tea every morning'],
    ['The team meets on Mondays', 'The team meets on Tuesdays instead'],
    ['Noor is going to Rome in June', 'Noor is going to Florence instead'],
    ['Kai mostly plays the guitar', 'These days Kai mostly plays the cello'],
    ['The user prefers email updates', 'The user no longer prefers email updates'],
    ["Ana's birthday is on 21 May", "Correction: Ana's birthday is on 12 May, not 21 May"],
    ['Sami lives with his parents', "Sami finally moved out of his parents' house into a flat in Tampere"],
  ];
  it.each(toldAsChange)('%s → %s', (before, after) => {
    expect(resolveMemory(after, [n(before, 0.6)])).toMatchObject({ relation: 'updates' });
  });

  // Changes said of a thing, not of someone: close by embedding and on the same topic.
  const ofAThing: [string, string, number][] = [
    ['The team meeting is on Tuesday', 'The team meeting moved to Thursday', 0.76],
    ['The launch is in February', 'The launch date slipped to March', 0.73],
    ['The daily standup is at 9:30', 'The week after 27 November 2026 the daily standup starts at 10:00', 0.85],
    ['The office is on Market Street', 'The office moved from Market Street to Pine Street', 0.79],
  ];
  it.each(ofAThing)('%s → %s', (before, after, similarity) => {
    expect(resolveMemory(after, [n(before, similarity)])).toMatchObject({ relation: 'updates' });
  });

  it('does not take moving house, or another thing of the same kind, for a change of plan', () => {
    expect(resolveMemory('Alice moved to Berlin', [n('Alice moved to Berlin in May 2021', 0.96)])).toMatchObject({ action: 'duplicate' });
    expect(resolveMemory('The design review moved to Thursday', [n('The budget meeting is on Tuesday', 0.5)])).toEqual({ action: 'new' });
  });
});

describe('fact values', () => {
  it('finds the numbers, dates, names and quoted words one statement has and the other lacks', () => {
    expect(unsharedValues('Project 12 is led by Maria Lopez and due on 2025-05-03', 'Project 12 is led by maria lopez')).toEqual(['2025-05-03']);
    expect(unsharedValues('The code is "open sesame"', 'The code is open')).toEqual(['sesame']);
    expect(unsharedValues('The meeting is at 10:30 with Dr Ito', 'Meeting at 10:30 with Dr Ito')).toEqual([]);
    expect(unsharedValues('However, the team agreed', 'the team agreed')).toEqual([]);
  });

  it('shapes a statement into its frame, value slots and subject', () => {
    expect(factShape("Alice's apartment number is 1234")).toEqual({
      frame: '# apartment number is #',
      slots: ['alice', '1234'],
      subjectSlots: 1,
      describesEvent: false,
    });
    expect(factShape('The wifi password is "hunter 2"')).toMatchObject({ frame: 'the wifi password is #', slots: ['hunter 2'], subjectSlots: 0 });
    expect(factShape('Alice visited Rome')).toMatchObject({ subjectSlots: 1, describesEvent: true });
    expect(factShape('Project 12 is led by Maria')).toMatchObject({ slots: ['project 12', 'maria'], subjectSlots: 1, describesEvent: false });
    expect(setsSameAttribute('Alex works at Plaid', 'Alex works at Stripe')).toBe(true);
  });
});

describe('setsSameAttribute', () => {
  it('does not guess whose attribute a statement about "it" or "her" sets', () => {
    expect(setsSameAttribute('It is due on March 9', 'It is due on March 5')).toBe(false);
    expect(setsSameAttribute('Her apartment number is 9876', 'Her apartment number is 1234')).toBe(false);
    expect(setsSameAttribute('The report is due on March 9', 'The report is due on March 5')).toBe(true);
  });
});

describe('replacesInEditedDocument', () => {
  const close = REPLACES_MIN_SIMILARITY + 0.1;
  const lisbon = 'Maria is training for the Lisbon marathon in April 2027';

  it('takes a statement of the same subject, in mostly the same words, with new values for the new wording of the old one', () => {
    expect(replacesInEditedDocument('Maria is training for the Porto marathon in May 2027', lisbon, close)).toBe(true);
    expect(replacesInEditedDocument('Maria likes green tea', 'Maria likes black tea', close)).toBe(true);
  });

  it('refuses the same statement, another subject, other words, or a statement not close by embedding', () => {
    expect(replacesInEditedDocument(`${lisbon}.`, lisbon, 0.99)).toBe(false);
    expect(replacesInEditedDocument('Jonas is training for the Porto marathon in May 2027', lisbon, close)).toBe(false);
    expect(replacesInEditedDocument('Maria adopted a grey cat in May 2027', lisbon, close)).toBe(false);
    expect(replacesInEditedDocument('Maria is training for the Porto marathon in May 2027', lisbon, REPLACES_MIN_SIMILARITY - 0.01)).toBe(false);
  });
});

describe('resolveMemory: statements about different things', () => {
  const notes = (project: number) => `Notes number 3 about project ${project}, covering plans for the spring release`;

  it('never makes a fact about another numbered thing a version of it, by its frame, its attribute or a change', () => {
    // One value changed in the same frame: what reads as a new value names another project.
    expect(resolveMemory(notes(196), [n(notes(100), 0.97)])).toEqual({ action: 'new' });
    expect(resolveMemory('Room 12 is booked for the design review', [n('Room 4 is booked for the design review', 0.96)])).toEqual({ action: 'new' });
    expect(
      resolveMemory('The release notes of version 3.0 cover the sync engine', [n('The release notes of version 2.1 cover the sync engine', 0.95)]),
    ).toEqual({ action: 'new' });
    // The same attribute of a subject of the same kind, found however far it embeds.
    const munich = 'Project 196 is based in Munich';
    expect(resolveMemory(munich, [n('Project 100 is based in Berlin', 0.8)], [n('Project 100 is based in Berlin', 0)])).toEqual({ action: 'new' });
    // Told as a change, close and on the same topic.
    expect(resolveMemory('Room 12 moved to Thursday', [n('Room 4 is booked on Tuesday', 0.8)])).toEqual({ action: 'new' });
    expect(resolveMemory('Sprint 15 slipped to March', [n('Sprint 14 is in February', 0.8)])).toEqual({ action: 'new' });
  });

  it('never takes a fact about another title or another named subject for a restatement or added detail', () => {
    expect(resolveMemory('The book "Emma" is on the top shelf', [n('The book "Dune" is on the top shelf', 0.97)])).toEqual({ action: 'new' });
    expect(resolveMemory('Omar Haddad presented the roadmap to the board on Friday', [n('Dana Whitfield presented the roadmap to the board', 0.9)])).toEqual({
      action: 'new',
    });
    expect(resolveMemory('We rescheduled the Hermes offsite to April', [n('The Apollo offsite is on 12 March', 0.75)])).toEqual({ action: 'new' });
  });

  it('still updates a value of the same thing: another employer, another room for the same meeting, a moved date', () => {
    expect(resolveMemory('Maria works at Globex', [n('Maria works at Acme', 0.8)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('The review is in Room 12', [n('The review is in Room 4', 0.95)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory('The launch of version 2.1 moved to May 10', [n('The launch of version 2.1 is on May 3', 0.8)])).toMatchObject({
      relation: 'updates',
    });
    expect(resolveMemory('Project 100 is due on March 9', [n('Project 100 is due on March 5', 0.97)])).toMatchObject({ relation: 'updates' });
    expect(resolveMemory(notes(100), [n(notes(100), 0.99)])).toMatchObject({ action: 'duplicate' });
  });

  it('does not take a statement about another thing for the new wording of one an edited document dropped', () => {
    expect(replacesInEditedDocument('These are notes about project 196', 'These are notes about project 100', 0.95)).toBe(false);
    expect(replacesInEditedDocument('Room 12 is booked for the design review', 'Room 4 is booked for the design review', 0.95)).toBe(false);
    expect(replacesInEditedDocument('The review is in Room 12', 'The review is in Room 4', 0.95)).toBe(true);
  });
});

describe('resolveMemory: a value said first is not another subject', () => {
  it('updates a favourite told with the new value first', () => {
    const before = "Lior's favourite band is Radiohead, always has been";
    expect(resolveMemory("These days Khruangbin is Lior's favourite band, Radiohead is second now", [n(before, 0.7)])).toMatchObject({ relation: 'updates' });
  });
});

describe('saysNewValue and replacesHeldValues: a change that reads a new value, and one that ends the others', () => {
  it('reads a new value from a change, a move or a new thing people have one of, not from anything new', () => {
    for (const text of [
      "Isabel's new address is 12 Calle Mayor, Madrid",
      'Lukas relocated to Munich',
      "Samuel's first day at EY was yesterday",
      'Daniel switched to the saxophone',
      'Nina has taken up fencing in place of chess',
    ])
      expect(saysNewValue(text), text).toBe(true);
    for (const text of ['John is always trying out new recipes', 'Jolene is trying to be more mindful now', 'Jolene tried a new style of meditation'])
      expect(saysNewValue(text), text).toBe(false);
  });

  it('ends the values held of an attribute that can have several only with a word of exchange', () => {
    expect(replacesHeldValues('Daniel switched to the saxophone')).toBe(true);
    expect(replacesHeldValues('Nina has taken up fencing in place of chess')).toBe(true);
    expect(replacesHeldValues("John and others back each other up and won't quit")).toBe(false);
    expect(replacesHeldValues('Kenji now also plays the piano')).toBe(false);
    expect(replacesHeldValues('Elena has moved to the oboe for the spring concerts')).toBe(true);
    expect(replacesHeldValues('Ruth went over to the viola last year')).toBe(true);
    expect(replacesHeldValues('Ruth went to a viola recital')).toBe(false);
  });
});

describe('resolveMemory: endings by a tool of the pastime, or of a habit no attribute was read from', () => {
  it('ends a pastime by a tool it is done with, and only that pastime', () => {
    expect(resolveMemory('Sam Reed gave his chisels to a neighbour', [], [n('Sam Reed does woodworking', 0)])).toMatchObject({
      action: 'relate',
      relation: 'updates',
    });
    expect(resolveMemory('Sam Reed sold his telescope', [], [n('Sam Reed does woodworking', 0)])).toEqual({ action: 'new' });
  });

  it('ends what a memory says its subject does now by the thing it names, never an event or someone else', () => {
    const ended = 'Sam Reed boxed up his pinball machines';
    expect(resolveMemory(ended, [], [n('Sam Reed restores pinball machines', 0)])).toMatchObject({ action: 'relate', relation: 'updates' });
    expect(resolveMemory(ended, [], [n('Sam Reed played on pinball machines in Reno', 0)])).toEqual({ action: 'new' });
    expect(resolveMemory(ended, [], [n('Mia Hart restores pinball machines', 0)])).toEqual({ action: 'new' });
  });
});
