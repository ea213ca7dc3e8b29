import { describe, expect, it } from 'vitest';
import { answers, askedAttribute, canonicalText, sameSubject, soleOwnerOf, statedAttributes, subjectOf } from './attributes.js';

const slots = (text: string) => statedAttributes(text).map((a) => `${a.negated ? '!' : ''}${a.subject}|${a.attribute}=${a.value}`);

describe('statedAttributes', () => {
  it('reads every phrasing of where someone works', () => {
    for (const text of [
      'The user works at Google',
      'The user just started a new job at Google',
      'The user joined Google in March 2026',
      'The user was hired by Google',
      'The user got a job at Google',
      'The user is a data engineer at Google',
      'The user accepted an offer from Google',
      'The user works remotely for Google',
    ]) {
      expect(slots(text), text).toContain('the user|employer=Google');
    }
  });

  it('reads every phrasing of where someone lives', () => {
    for (const text of [
      'Sam lives in Toronto',
      'Sam moved to Toronto the week before 3 May 2026',
      'Sam relocated to Toronto',
      'Sam has moved back to Toronto',
      'Sam is based in Toronto',
      'Sam settled in Toronto',
    ]) {
      expect(slots(text), text).toContain('Sam|residence=Toronto');
    }
  });

  it('reads a statement that sets two attributes', () => {
    expect(slots('Bob Tanaka just moved to Berlin in October 2026 for a new job at Siemens')).toEqual([
      'Bob Tanaka|employer=Siemens',
      'Bob Tanaka|residence=Berlin',
    ]);
    expect(slots('Carlos is studying computer science at MIT')).toEqual(['Carlos|school=MIT', 'Carlos|field=computer science']);
    expect(slots('Tom works as a barista at Blue Bottle')).toEqual(['Tom|employer=Blue Bottle', 'Tom|job=a barista']);
  });

  it('reads roles, partners, diets, instruments and pets', () => {
    expect(slots('Lena is a pediatric nurse')).toEqual(['Lena|job=a pediatric nurse']);
    expect(slots('Amara Okafor is the CEO')).toEqual(['Amara Okafor|job=the CEO']);
    expect(slots('Tunde Bello leads the hardware group')).toEqual(['Tunde Bello|job=leads the hardware group', 'Tunde Bello|team=hardware']);
    expect(slots('Ines is dating Pedro')).toEqual(['Ines|partner=Pedro']);
    expect(slots('Sara has been seeing Jonas Berg since June 2026')).toEqual(['Sara|partner=Jonas Berg']);
    expect(slots('Mia started going out with Leo Park')).toEqual(['Mia|partner=Leo Park']);
    expect(slots('Mia is seeing Dr Lee about her back')).toEqual([]);
    expect(slots("Maria's husband is Tom")).toEqual(['Maria|partner=Tom']);
    expect(slots("Mei's wife Laura is a doctor")).toEqual(['Laura|job=a doctor', 'Mei|partner=Laura']);
    expect(slots('Bob is vegetarian, so restaurant tips should keep that in mind')).toEqual(['Bob|diet=vegetarian']);
    expect(slots('Omar avoids meat and dairy')).toEqual(['Omar|diet=no meat']);
    expect(slots('Kenji plays the cello in an orchestra')).toEqual(['Kenji|instrument=cello']);
    expect(slots('Maria has a cat named Pixel')).toEqual(['Maria|pet=cat Pixel']);
    expect(slots("Hugo's favorite book is Dune")).toEqual(['Hugo|favorite book=Dune']);
  });

  it('reads a value that no longer holds', () => {
    expect(slots('Dana left Google')).toEqual(['!Dana|employer=Google']);
    expect(slots('Elena is no longer vegan')).toEqual(['!Elena|diet=vegan']);
    // The job there is over, however it is told: never read as the job held.
    expect(slots('Dana quit her job at Google')).toEqual(['!Dana|employer=Google']);
    expect(slots('Piotr lost his position with Orlen')).toEqual(['!Piotr|employer=Orlen']);
    expect(slots("Kamil Nowak handed Kamil Nowak's notice in at Aldi")).toEqual(['!Kamil Nowak|employer=Aldi']);
    expect(slots('Jo gave two weeks’ notice at Tesco')).toEqual(['!Jo|employer=Tesco']);
    expect(slots('Jo handed the keys in at Tesco')).toEqual([]);
    expect(slots("Ines Duarte's last day at Accenture was on Friday, 20 November 2026")).toEqual(['!Ines Duarte|employer=Accenture']);
    expect(slots('Jo worked her final shift at Tesco')).toEqual(['!Jo|employer=Tesco']);
    expect(slots('Jo spent the last day at Tesco stocktaking')).toEqual([]);
    expect(slots("Olu Adeyemi's contract with BP ended in March 2026")).toEqual(['!Olu Adeyemi|employer=BP']);
    expect(slots('Olu Adeyemi signed with Shell')).toEqual(['Olu Adeyemi|employer=Shell']);
    expect(slots('Tomasz Zielinski sold his Krakow flat')).toEqual(['!Tomasz Zielinski|residence=Krakow']);
    expect(slots('Tomasz Zielinski bought a house outside Gdansk')).toEqual(['Tomasz Zielinski|residence=Gdansk']);
    expect(slots('Diego Ramos hung up his rugby boots after a knee injury')).toEqual(['!Diego Ramos|sport=rugby']);
    expect(slots('After Luna died in the summer, Fatima Khan adopted a retired greyhound called Dash')).toContain('!Fatima Khan|pet=Luna');
    expect(slots("Oliver Stone's budgie Sunny flew off in October 2026")).toEqual(['!Oliver Stone|pet=Sunny']);
    expect(slots('Julia Novak passed the bar')).toEqual([]);
    expect(slots('Julia Novak escaped the rain')).toEqual([]);
  });

  it('reads a team moved onto, lessons of a language and a game played', () => {
    expect(slots('Nadia Rossi rotated onto the billing squad in October 2026')).toEqual(['Nadia Rossi|team=billing']);
    expect(slots('Owen Price started Japanese lessons in January 2026')).toEqual(['Owen Price|language=Japanese']);
    expect(slots('Nina Kowalski plays chess in a club')).toEqual(['Nina Kowalski|hobby=chess']);
    // Not the game of go: go-karting is a pastime of its own.
    expect(slots('Nina Kowalski is into go-karting')).toEqual(['Nina Kowalski|hobby=go-karting']);
  });

  it('reads the thing replaced, dropped or mourned as no longer held, whatever else is said', () => {
    expect(slots('Nina Kowalski has taken up fencing in place of chess')).toEqual(['Nina Kowalski|sport=fencing', '!Nina Kowalski|*=chess']);
    expect(slots('Bob drinks tea instead of coffee now')).toContain('!Bob|*=coffee');
    expect(slots('Owen Price dropped Spanish')).toEqual(['!Owen Price|*=Spanish']);
    expect(slots('Ana dropped off the kids at school')).toEqual([]);
    expect(slots('According to Ayumi, RIP Daifuku')).toEqual(['!*|*=Daifuku']);
  });

  it('reads a diet however strongly it is held', () => {
    expect(slots('Marcus has gone full keto since January 2026')).toEqual(['Marcus|diet=keto']);
    expect(slots('Ines is going completely vegan')).toEqual(['Ines|diet=vegan']);
  });

  it('reads a subject of study, a project and a home from wordings without a listed word', () => {
    expect(slots('Ines Duarte enrolled at a conservatory to study jazz piano')).toEqual(['Ines Duarte|field=jazz piano']);
    expect(slots('Tom studies cinematography at UNATC')).toContain('Tom|field=cinematography');
    expect(slots('Tom studies hard at Oxford')).not.toContain('Tom|field=hard');
    expect(slots('Siobhan Kelly runs the Westgate tunnel project')).toEqual(['Siobhan Kelly|project=Westgate tunnel project']);
    expect(slots('Siobhan Kelly handed the Harbour Bridge retrofit over to a colleague')).toEqual(['!Siobhan Kelly|project=Harbour Bridge retrofit']);
    expect(slots('Aoife went to Cork in August sharing a flat near the English Market now')).toEqual(['Aoife|residence=Cork']);
    expect(slots('Aoife went to Cork for a concert')).toEqual([]);
  });

  it('reads a named pet that died as no longer held, and a dropped course as ended', () => {
    expect(slots("Freya Lindqvist's rabbit Mossa passed away in October")).toEqual(['!Freya Lindqvist|pet=Mossa']);
    expect(slots('Mihai Popescu dropped out of law school')).toEqual(['!Mihai Popescu|field=law']);
  });

  it('reads a thing handed on to someone else, or gone to live elsewhere, as no longer held', () => {
    expect(statedAttributes('Carlos Mendes gave Kiwi to a bird sanctuary')).toEqual([
      { subject: 'Carlos Mendes', attribute: '*', value: 'Kiwi', negated: true },
    ]);
    expect(statedAttributes('Marek handed his old Golf over to his son')).toEqual([{ subject: 'Marek', attribute: '*', value: 'Golf', negated: true }]);
    expect(statedAttributes('Mochi the hamster went to live with Aiko’s niece')).toEqual([{ subject: '*', attribute: '*', value: 'Mochi', negated: true }]);
    expect(statedAttributes('Mia Novak and others rehomed Kiwi with a bird sanctuary')).toEqual([
      { subject: 'Mia Novak', attribute: '*', value: 'Kiwi', negated: true },
    ]);
    expect(statedAttributes('Carlos Mendes gave a talk to the board')).toEqual([]);
    expect(statedAttributes('Carlos Mendes gave her a lift to the station')).toEqual([]);
  });

  it('reads no employer from looking for work, and no age from a house number', () => {
    expect(slots('Mia Torres had a job interview at KPMG on Tuesday')).toEqual([]);
    expect(slots('Mia Torres sent job applications to Arup and Atkins')).toEqual([]);
    expect(slots('Mia Torres got a job at KPMG')).toEqual(['Mia Torres|employer=KPMG']);
    expect(slots("Isabel Moreno's new address is 12 Calle Mayor, Madrid")).not.toContain('Isabel Moreno|age=12');
    expect(slots('Isabel Moreno is 12')).toEqual(['Isabel Moreno|age=12']);
  });

  it('reads the subject after a phrase that says from when on', () => {
    expect(subjectOf('Going forward Leilani Kahale only drinks rooibos in the morning')).toBe('Leilani Kahale');
    expect(subjectOf('Nowadays Omar Haddad cycles to work')).toBe('Omar Haddad');
    expect(subjectOf('On Monday, 30 November 2026 Ines Duarte starts as a consultant with McKinsey')).toBe('Ines Duarte');
    expect(subjectOf('On 3 May 2024 Ines Duarte moved to Porto')).toBe('Ines Duarte');
  });

  it('keeps the attributes of different people apart', () => {
    expect(slots("The user's sister lives in Oslo")).toEqual(["the user's sister|residence=Oslo"]);
    expect(slots("Maria's husband works at IBM")).toEqual(["Maria's husband|employer=IBM"]);
    expect(slots("Alex's sister Dana lives in Boston")).toEqual(['Dana|residence=Boston']);
    expect(subjectOf('Big news: Alex now works at Plaid')).toBe('Alex');
  });

  it('sets nothing for plans, wishes, denials or values that are not names', () => {
    for (const text of [
      'Dana will join Meta next month',
      'Dana wants to move to Oslo',
      'Dana does not work at Google',
      'The user joined a book club',
      'The user moved to a bigger desk',
      'The user is seeing a therapist',
      'Melanie joined Caroline for dinner',
      'Melanie joined Caroline and her kids at the park',
      'Sam likes hiking',
    ]) {
      expect(slots(text), text).toEqual([]);
    }
  });

  it('writes the canonical forms plain questions use', () => {
    expect(canonicalText(statedAttributes('Bob Tanaka just moved to Berlin for a new job at Siemens'))).toBe(
      'Bob Tanaka works at Siemens. Bob Tanaka lives in Berlin',
    );
    expect(canonicalText(statedAttributes('Dana left Google'))).toBe('Dana no longer works at Google');
    expect(canonicalText(statedAttributes('Sam likes hiking'))).toBe('');
  });
});

describe('askedAttribute', () => {
  it('reads the attribute and the person a question asks about', () => {
    const cases: [string, string, string | null][] = [
      ['Where does Bob work?', 'employer', 'Bob'],
      ['Who employs Dana?', 'employer', 'Dana'],
      ['What company does Jun work for?', 'employer', 'Jun'],
      ['Where does Bob live?', 'residence', 'Bob'],
      ['Which city is Ravi based in?', 'residence', 'Ravi'],
      ['Where is Priya living these days?', 'residence', 'Priya'],
      ['What does Bob eat?', 'diet', 'Bob'],
      ['Is Omar vegetarian?', 'diet', 'Omar'],
      ["Who is Bob's partner?", 'partner', 'Bob'],
      ['Who is Mei married to?', 'partner', 'Mei'],
      ['What does Lena do?', 'job', 'Lena'],
      ["What's Lena's job?", 'job', 'Lena'],
      ['What does Carlos study?', 'field', 'Carlos'],
      ['Where does Carlos study?', 'school', 'Carlos'],
      ['What instrument does Yuki play?', 'instrument', 'Yuki'],
      ['Where did Farah grow up?', 'origin', 'Farah'],
      ["What is Hugo's favorite book?", 'favorite book', 'Hugo'],
      ['Where do I work?', 'employer', 'the user'],
      ['Which firm hired Sam?', 'employer', 'Sam'],
      ['Who does Priyanka work for?', 'employer', 'Priyanka'],
      ['Which company is Dmitri with?', 'employer', 'Dmitri'],
      ['Where did Zanele move to?', 'residence', 'Zanele'],
      ['How does Tom earn a living?', 'job', 'Tom'],
      ["Who is Ines's other half?", 'partner', 'Ines'],
      ['What does Tomasz do on weekends?', 'hobby', 'Tomasz'],
      ['What sport does Tomasz do?', 'sport', 'Tomasz'],
      ['What’s Lena’s job?', 'job', 'Lena'],
    ];
    for (const [question, attribute, subject] of cases) expect(askedAttribute(question), question).toEqual({ attribute, subject });
  });

  it('asks for nothing in statements and open questions', () => {
    expect(askedAttribute('Bob works at Siemens')).toBeNull();
    expect(askedAttribute('What happened at the offsite?')).toBeNull();
  });

  it("is answered by the attribute of the same person, or of the tag's user", () => {
    const asked = askedAttribute('Where does Bob work?')!;
    expect(answers({ subject: 'Bob Tanaka', attribute: 'employer', value: 'Siemens' }, asked)).toBe(true);
    expect(answers({ subject: 'the user', attribute: 'employer', value: 'Siemens' }, asked)).toBe(true);
    expect(answers({ subject: 'Alice', attribute: 'employer', value: 'Acme' }, asked)).toBe(false);
    expect(answers({ subject: 'Bob', attribute: 'employer', value: 'Acme', negated: true }, asked)).toBe(false);
    expect(sameSubject('Bob', 'Bob Tanaka')).toBe(true);
    expect(sameSubject('Bob', 'Alice')).toBe(false);
  });
});

describe('subjectOf: a word that opens a sentence is never its subject', () => {
  it.each([
    ['In 2019 Dana ran the Berlin marathon', 'Dana'],
    ['Yesterday Omar visited Rome', 'Omar'],
    ['Last week Jonas moved to Oslo', 'Jonas'],
    ['During the summer Kim painted the fence', 'Kim'],
    ['After lunch Priya called the bank', 'Priya'],
    ['Since March Leo has worked at Acme', 'Leo'],
    ['Then Mia joined Globex', 'Mia'],
    ['Eventually Sara quit the band', 'Sara'],
    ['This morning Tomasz fixed the build', 'Tomasz'],
  ])('%s → %s', (text, subject) => {
    expect(subjectOf(text)).toBe(subject);
  });

  it('names no subject where none follows the phrase, and keeps a numbered thing whole', () => {
    expect(subjectOf('In Berlin Dana ran a marathon')).toBeNull();
    expect(subjectOf("After the party at Zoe's house Mia left")).toBeNull();
    expect(subjectOf('The week after 27 November 2026 the daily standup starts at 10:00')).toBeNull();
    expect(subjectOf('Project 100 is due in March')).toBe('Project 100');
    expect(slots('Last week Jonas moved to Oslo')).toEqual(['Jonas|residence=Oslo']);
  });
});

describe('a pronoun or determiner opens the subject, never a phrase before it', () => {
  it('names no subject after "We" or "Our", and reads a span of past years as held once', () => {
    expect(subjectOf('We rescheduled the Zalando offsite to 23 April 2027')).toBeNull();
    expect(subjectOf('From 2017 to 2022 Leilani Kahale worked as a field technician for NOAA')).toBe('Leilani Kahale');
    expect(slots('From 2017 to 2022 Leilani Kahale worked as a field technician for NOAA')).toEqual([]);
  });
});

describe('changes told as idioms, and what someone else owns', () => {
  it('reads a new employer, home or partner told by an idiom of changing it', () => {
    expect(slots('Meredith Clarke jumped ship to Nestlé in October')).toEqual(['Meredith Clarke|employer=Nestlé']);
    expect(slots('Arjun Rao defected from Intel to Arm')).toEqual(['Arjun Rao|employer=Arm']);
    expect(slots('Carmen Ortega and others have properly put down roots in Valencia now')).toEqual(['Carmen Ortega|residence=Valencia']);
    expect(slots('Hugo Lind set up home in Uppsala')).toEqual(['Hugo Lind|residence=Uppsala']);
    expect(slots('Sam Otieno made Kisumu his home')).toEqual(['Sam Otieno|residence=Kisumu']);
    expect(slots('Omar Haddad tied the knot with Nadia Karim in a small ceremony in Beirut')).toEqual(['Omar Haddad|partner=Nadia Karim']);
    expect(slots('Ewa Nowak got hitched to Piotr Zielinski')).toEqual(['Ewa Nowak|partner=Piotr Zielinski']);
  });

  it('reads a sport competed in, and its end however it is qualified', () => {
    expect(slots('Kai Nakamura competes in judo')).toEqual(['Kai Nakamura|sport=judo']);
    expect(slots('Kai Nakamura retired from competitive judo in 2025')).toEqual(['!Kai Nakamura|sport=judo']);
    expect(slots('Ada Ekwueme gave up professional tennis')).toEqual(['!Ada Ekwueme|sport=tennis']);
  });

  it('ends a thing of the subject that was stolen or written off', () => {
    expect(slots("Hank Dawson's banjo was stolen from his van")).toEqual(['!Hank Dawson|*=banjo']);
    expect(slots("Sophie Turner's old Fiesta was written off")).toEqual(['!Sophie Turner|*=Fiesta']);
  });

  it('never takes a month and its year for a place', () => {
    expect(slots('Georgia Lane moved in May 2026')).toEqual([]);
  });

  it('tells someone from their relatives and things', () => {
    expect(sameSubject("Jonas Weber's parents", 'Jonas Weber')).toBe(false);
    expect(sameSubject("Jonas Weber's parents", "Jonas's parents")).toBe(true);
    expect(sameSubject("Jonas Weber's", 'Jonas')).toBe(true);
    expect(sameSubject('Jonas', 'Jonas Weber')).toBe(true);
  });
});

describe('a first day somewhere, a step up, a language done, a thing on hold', () => {
  it('reads a first week or shift somewhere as working there, and a step up as a new role', () => {
    expect(slots("Jack Wilson's first week at Sainsbury's head office done")).toEqual(["Jack Wilson|employer=Sainsbury's"]);
    expect(slots('Omar Haddad has stepped up to head chef at Nopi')).toEqual(['Omar Haddad|employer=Nopi', 'Omar Haddad|job=head chef']);
    expect(slots('Ama Mensah worked her way up to store manager')).toEqual(['Ama Mensah|job=store manager']);
  });

  it('reads a language done or practised, and ends a thing put on hold whoever had it', () => {
    expect(slots('Zoe Martin has been doing Korean on Duolingo every day')).toEqual(['Zoe Martin|language=Korean']);
    expect(slots('French is on hold')).toEqual(['!*|*=French']);
  });

  it('never takes a name\'s possessive for a contraction of "is"', () => {
    expect(slots("Jack Wilson visited Sainsbury's head office")).toEqual([]);
  });
});

describe('a language given up on, a remarriage', () => {
  it('ends what someone gave up on, and reads whom they remarried', () => {
    expect(slots('Lukas Meyer gave up on Italian')).toEqual(['!Lukas Meyer|*=Italian']);
    expect(slots('Mateo Cruz has remarried, to Ana Soto')).toEqual(['Mateo Cruz|partner=Ana Soto']);
  });
});

describe('a part of a job is not the job', () => {
  it("reads no role from overseeing a studio's work, and one from leading the studio", () => {
    expect(slots("Kwame Mensah oversees the studio's branding and animation work")).toEqual([]);
    expect(slots('Kwame Mensah oversees the studio in Accra')).toEqual(['Kwame Mensah|job=oversees the studio']);
  });
});

describe('who leads an organisation', () => {
  it('reads the leader of an organisation told of the person, of the organisation, or in passing', () => {
    const leaders = (text: string) => slots(text).filter((s) => s.includes('|leader='));
    expect(leaders('Sione Leota is the chief executive of Tavita Foods')).toEqual(['Tavita Foods|leader=Sione Leota']);
    expect(leaders('Tidewater Ferries appointed Helen Marsh as chief executive in September')).toEqual(['Tidewater Ferries|leader=Helen Marsh']);
    expect(leaders('Kestrel Dynamics, founded by Amaru Quispe, builds drones in Cusco')).toEqual(['Kestrel Dynamics|leader=Amaru Quispe']);
    expect(leaders('Sindre Haugen founded Fieldnote in 2019')).toEqual(['Fieldnote|leader=Sindre Haugen']);
    expect(leaders('Siobhan Kelly runs the Westgate tunnel project')).toEqual([]);
    // The role given is the person's, not the organisation's.
    expect(slots('Tidewater Ferries appointed Helen Marsh as chief executive').some((s) => s.startsWith('Tidewater Ferries|job='))).toBe(false);
  });

  it('asks for the leader of the organisation a question names', () => {
    expect(askedAttribute('Who runs Tavita Foods?')).toEqual({ attribute: 'leader', subject: 'Tavita Foods' });
    expect(askedAttribute('Who is the CEO of Stripe?')).toEqual({ attribute: 'leader', subject: 'Stripe' });
    expect(askedAttribute('Who does Ahmed work for?')).toEqual({ attribute: 'employer', subject: 'Ahmed' });
  });
});

describe('a value held before the one now', () => {
  it('reads no value from what someone previously or formerly did', () => {
    expect(slots("Ngaio Tapsell previously taught at Rotorua Girls' High School")).toEqual([]);
    expect(slots('Ana Lima formerly worked for Arup')).toEqual([]);
    expect(slots('Ana Lima originally comes from Cork')).toEqual(['Ana Lima|origin=Cork']);
  });
});

describe('a pet asked for by its name', () => {
  it('asks for the pet whichever way round the animal and its name come', () => {
    expect(askedAttribute("What is the name of Dev's dog?")).toEqual({ attribute: 'pet', subject: 'Dev' });
    expect(askedAttribute("What's Ivy's tortoise called?")).toEqual({ attribute: 'pet', subject: 'Ivy' });
    expect(askedAttribute('What is the name of the band?')?.attribute).not.toBe('pet');
  });
});

describe('changes told by a phrasal verb, an aside, a residence noun, a sport verb, free time or animals living with someone', () => {
  it('conjugates a phrasal verb whole: taken up, picking up', () => {
    expect(slots('Odile Marchand has taken up the cello')).toContain('Odile Marchand|instrument=cello');
    expect(slots('Odile Marchand is picking up squash')).toContain('Odile Marchand|sport=squash');
  });

  it('reads a past aside about the subject as a value that no longer holds, and where one was born as still holding', () => {
    expect(slots('Bram Jansen, who played the oboe for a decade, now plays the bassoon')).toEqual([
      'Bram Jansen|instrument=bassoon',
      '!Bram Jansen|instrument=oboe',
    ]);
    expect(slots('Petra Novak, who worked at Skoda for years, has joined Hyundai')).toEqual(
      expect.arrayContaining(['Petra Novak|employer=Hyundai', '!Petra Novak|employer=Skoda']),
    );
    expect(slots('Petra Novak, who was born in Brno, works at Hyundai')).toEqual(
      expect.arrayContaining(['Petra Novak|origin=Brno', 'Petra Novak|employer=Hyundai']),
    );
  });

  it('takes "a <place> resident" and "a resident of <place>" for where someone lives, and a hospital resident for a job', () => {
    expect(slots('Nils Berg is now a proud Bergen resident')).toEqual(['Nils Berg|residence=Bergen']);
    expect(slots('Nils Berg became a resident of Tromsø')).toEqual(['Nils Berg|residence=Tromsø']);
    expect(slots('Nils Berg is a paediatric resident at Haukeland Hospital')).toEqual(
      expect.arrayContaining(['Nils Berg|job=a paediatric resident', 'Nils Berg|employer=Haukeland Hospital']),
    );
    expect(slots('Nils Berg is a paediatric resident at Haukeland Hospital').some((s) => s.includes('residence'))).toBe(false);
  });

  it('ends what a subject sets aside or gives up with the particle after it, or no longer does', () => {
    expect(slots('Mirela Popescu set her thesis aside')).toEqual(['!Mirela Popescu|*=thesis']);
    expect(slots('Mirela Popescu packed the saxophone in')).toEqual(['!Mirela Popescu|*=saxophone']);
    expect(slots('Mirela Popescu gave chess up in the spring')).toEqual(['!Mirela Popescu|*=chess']);
    expect(slots('Mirela Popescu no longer paints')).toEqual(['!Mirela Popescu|*=paints']);
    expect(slots("Mirela Popescu doesn't smoke any more")).toEqual(['!Mirela Popescu|*=smoke']);
  });

  it('reads a sport told by its own verb and how often, but not the same verb with an object', () => {
    expect(slots('Kenji Mori swims twice a week')).toEqual(['Kenji Mori|sport=swimming']);
    expect(slots('Kenji Mori rows for a club in Henley')).toEqual(['Kenji Mori|sport=rowing']);
    expect(slots('Kenji Mori fences the orchard every spring')).toEqual([]);
  });

  it('reads a pastime told by how free time is spent, and a habit in its own verb', () => {
    expect(slots('Dalia Haddad spends her evenings building model ships')).toEqual(['Dalia Haddad|hobby=building model ships']);
    expect(slots('Dalia Haddad sketches in her spare time')).toEqual(['Dalia Haddad|hobby=sketches']);
  });

  it('gives animals said to live with someone to that person as pets', () => {
    expect(slots('Two rescue greyhounds, Dot and Dash, now live with Ewa Kowalska')).toEqual(['Ewa Kowalska|pet=greyhound Dot and Dash']);
  });

  it('reads a project placement told in the passive, and being taken off one', () => {
    expect(slots('Kai Lund was put on the ledger migration')).toContain('Kai Lund|project=ledger migration');
    expect(slots('Kai Lund was taken off the Aurora launch')).toContain('!Kai Lund|project=Aurora');
  });

  it('reads the leader of a group named with "the", told with the role before the name', () => {
    expect(slots('The Riverside Brass Band is led by the bandmaster Tom Ellery')).toEqual(['Riverside Brass Band|leader=Tom Ellery']);
  });

  it('takes no year for a place', () => {
    expect(slots('Kestrel Studio moved in 2019')).toEqual([]);
  });
});

describe("a thing said to be someone's, days said to be over, a pet gone to live elsewhere", () => {
  it('reads "X is <name>\'s <instrument|car|home…> now" as that attribute, and "X is <name>\'s now" as about that person', () => {
    expect(slots("The cornet is Lena Vogt's instrument now")).toEqual(['Lena Vogt|instrument=cornet']);
    expect(slots("Lisbon is Lena Vogt's home these days")).toEqual(['Lena Vogt|residence=Lisbon']);
    expect(subjectOf("The Helios project is Lena Vogt's now")).toBe('Lena Vogt');
  });

  it('ends the thing whose days are over, a project rotated or stepped off, and a pet gone to live with someone else', () => {
    expect(slots("Lena Vogt's tuba days are over")).toEqual(['!Lena Vogt|*=tuba']);
    expect(slots('Lena Vogt stepped off Project Helios')).toEqual(['!Lena Vogt|project=Project Helios']);
    expect(slots("Lena Vogt's rabbit Clover went to live with a neighbour")).toEqual(['!Lena Vogt|pet=Clover']);
  });
});

describe('an organisation that takes someone on, an animal someone else took in', () => {
  it('gives whom an organisation poached or hired that employer, and ends the one they came from', () => {
    expect(slots('Wise poached Tariq Aziz from Revolut in March')).toEqual(['Tariq Aziz|employer=Wise', '!Tariq Aziz|employer=Revolut']);
    expect(slots('Arup hired Lena Vogt in May')).toEqual(['Lena Vogt|employer=Arup']);
    expect(slots('Maria Lopez hired a cleaner')).toEqual([]);
  });

  it("ends an owner's animal someone else adopted, and gives one that shares a person's home to them", () => {
    expect(slots("Her cousin adopted Nora Field's rabbit Clover")).toEqual(['!Nora Field|pet=Clover']);
    expect(slots("A kitten called Miso shares Nora Field's flat now")).toEqual(['Nora Field|pet=kitten Miso']);
  });
});

describe('a city called home, a self-description, a new pastime one is taken with, a thing put by', () => {
  it('reads "calls X home" as where someone lives, and a home of someone named in a clause about others', () => {
    expect(slots('Iris Keller has called Ghent home for two years')).toEqual(['Iris Keller|residence=Ghent']);
    expect(slots("The removal van reached Iris Keller's new flat in Antwerp at noon")).toEqual(['Iris Keller|residence=Antwerp']);
  });

  it('reads how someone describes themselves as their diet or their job', () => {
    expect(slots('Iris Keller calls herself pescatarian these days')).toEqual(['Iris Keller|diet=pescatarian']);
    expect(slots('Iris Keller describes herself as a landscape architect')).toEqual(['Iris Keller|job=a landscape architect']);
  });

  it('reads an instrument or a sport taken to, or one is taken with', () => {
    expect(slots('Iris Keller took to the harp')).toEqual(['Iris Keller|instrument=harp']);
    expect(slots('Iris Keller is hooked on bouldering')).toEqual(['Iris Keller|sport=bouldering']);
    expect(slots('Iris Keller is all about the mandolin now')).toEqual(['Iris Keller|instrument=mandolin']);
  });

  it('ends a thing left to gather dust or sent to the scrapyard, a language abandoned, and a pet run over', () => {
    expect(slots("Iris Keller's cello has been gathering dust since March")).toEqual(['!Iris Keller|*=cello']);
    expect(slots("Iris Keller's Peugeot went to the scrapyard")).toEqual(['!Iris Keller|*=Peugeot']);
    expect(slots('Iris Keller abandoned Dutch in the spring')).toEqual(['!Iris Keller|*=Dutch']);
    expect(slots("Pepper, Iris Keller's dog, was run over last week")).toEqual(['!*|*=Pepper']);
  });

  it('reads getting around in a car as driving it, and work on an app or a platform as a project', () => {
    expect(slots('Iris Keller gets around in a Skoda Octavia now')).toEqual(['Iris Keller|car=Skoda Octavia']);
    expect(slots('Iris Keller moved across to the Orbit app')).toEqual(['Iris Keller|project=Orbit app']);
    expect(slots('Iris Keller wrapped up her part in the Kite platform')).toEqual(['!Iris Keller|project=Kite']);
  });
});

describe('a payroll, someone described before their name, a rest given, a thing left alone, a pastime by its verb', () => {
  it("reads being on an organisation's payroll as working there", () => {
    expect(slots("Ilse Brandt has been on Siemens's payroll since May")).toEqual(['Ilse Brandt|employer=Siemens']);
    expect(slots('Ilse Brandt is on the payroll at Bosch')).toEqual(['Ilse Brandt|employer=Bosch']);
  });

  it('reads a partner seen or dated for a while, described before the name', () => {
    expect(slots('Ilse Brandt has been dating a pilot named Jonas since March')).toEqual(['Ilse Brandt|partner=Jonas']);
  });

  it('ends a thing given a rest or left alone for a time, and reads no instrument from one not played', () => {
    expect(slots('Ilse Brandt gave Russian a break')).toEqual(['!Ilse Brandt|*=Russian']);
    expect(slots("Ilse Brandt hasn't played the trombone since the spring")).toEqual(['!Ilse Brandt|*=trombone']);
    expect(slots('Ilse Brandt has not opened her sketchbook in months')).toEqual(['!Ilse Brandt|*=sketchbook']);
  });

  it('reads a language from what one studies it with, and a pastime from its own verb', () => {
    expect(slots('Ilse Brandt is ploughing through a Greek grammar')).toEqual(['Ilse Brandt|language=Greek']);
    expect(slots('Ilse Brandt quilts')).toEqual(['Ilse Brandt|hobby=quilting']);
    expect(slots('Ilse Brandt sketches birds whenever she can')).toEqual(['Ilse Brandt|hobby=sketching birds']);
    expect(slots('Ilse Brandt paints portraits for a living')).toEqual([]);
    expect(slots('Ilse Brandt paints murals in a studio in Graz')).toEqual([]);
  });
});

describe('a first standup, a place at a school, a thing built, time on a project over, a thing handed down', () => {
  it('reads a first standup somewhere as work there, and a test drive as no car', () => {
    expect(slots("Ilse Brandt's first standup at Zalando is on Monday")).toEqual(['Ilse Brandt|employer=Zalando']);
    expect(slots('Ilse Brandt test-drove a Polestar 2')).toEqual([]);
  });

  it('reads a place at a school as studying there, and a school left as no longer studied at', () => {
    expect(slots('Ilse Brandt left Leiden University for a place at the University of Oslo')).toEqual([
      'Ilse Brandt|school=the University of Oslo',
      '!Ilse Brandt|school=Leiden University',
    ]);
    expect(slots('Ilse Brandt left Allianz')).toEqual(['!Ilse Brandt|employer=Allianz']);
  });

  it('reads a named thing built as a project, and time on one said to be over as its end', () => {
    expect(slots('Ilse Brandt is building the Heron portal')).toEqual(['Ilse Brandt|project=Heron portal']);
    expect(slots("Ilse Brandt's stint on the Kestrel rewrite is over")).toEqual(['!Ilse Brandt|*=Kestrel rewrite']);
  });

  it('ends a thing handed down beside a new value in the same statement, unless a cue read the ending', () => {
    expect(slots('Ilse Brandt handed her viola down to her nephew and practises the harp daily')).toEqual([
      'Ilse Brandt|instrument=harp',
      '!Ilse Brandt|*=viola',
    ]);
    expect(slots('Ilse Brandt lost her post with Allianz')).toEqual(['!Ilse Brandt|employer=Allianz']);
  });
});

describe('a couple who split, a team left for another, a thing outgrown or done with, a language started on', () => {
  it('ends only the partner a couple names, so a partner named since stays', () => {
    expect(slots('Ilse Brandt and Tomas broke up in 2019')).toEqual(['!Ilse Brandt|partner=Tomas', '!Tomas|partner=Ilse Brandt']);
  });

  it('reads the team someone left another for', () => {
    expect(slots('Ilse Brandt left payments for the identity squad')).toEqual(['Ilse Brandt|team=identity']);
  });

  it('ends a thing outgrown or done with, and reads a language started on', () => {
    expect(slots('Ilse Brandt outgrew ballet')).toEqual(['!Ilse Brandt|*=ballet']);
    expect(slots('Ilse Brandt is done with Greek')).toEqual(['!Ilse Brandt|*=Greek']);
    expect(slots('Ilse Brandt has moved on to Hindi')).toEqual(['Ilse Brandt|language=Hindi']);
  });
});

describe('what work things name, evenings at an instrument, a pastime one got into or does, a thing in its case or for sale', () => {
  it('reads the employer that business cards or an email signature name', () => {
    expect(slots("Ilse Brandt's business cards say Lufthansa now")).toEqual(['Ilse Brandt|employer=Lufthansa']);
    expect(slots("Ilse Brandt's email signature reads Henkel")).toEqual(['Ilse Brandt|employer=Henkel']);
  });

  it('reads an instrument from evenings spent at it, and a pastime one got into or does', () => {
    expect(slots('Ilse Brandt spends her evenings at the cello')).toEqual(['Ilse Brandt|instrument=cello']);
    expect(slots('Ilse Brandt has got into beekeeping')).toEqual(['Ilse Brandt|hobby=beekeeping']);
    expect(slots('Ilse Brandt got into trouble at school')).toEqual([]);
    expect(slots('Ilse Brandt does metalwork')).toEqual(['Ilse Brandt|hobby=metalwork']);
    expect(slots('Ilse Brandt does consulting for banks')).toEqual([]);
  });

  it('ends a thing left in its case or put up for sale', () => {
    expect(slots("Ilse Brandt's banjo sits in the loft")).toEqual(['!Ilse Brandt|*=banjo']);
    expect(slots("Ilse Brandt's rowing machine is up for sale")).toEqual(['!Ilse Brandt|*=rowing machine']);
  });
});

describe('the place left for another, a language quit, a diet by its practice, a first week somewhere', () => {
  it('reads the place left without the one left for, and no employer from a language quit', () => {
    expect(slots('Arne Lund left Siemens for Bosch')).toEqual(['!Arne Lund|employer=Siemens']);
    expect(slots('Arne Lund left the Centre for Ageing Better')).toEqual(['!Arne Lund|employer=the Centre for Ageing Better']);
    expect(slots('Arne Lund quit Portuguese')).toEqual(['!Arne Lund|language=Portuguese']);
    expect(slots('Arne Lund stopped learning Italian')).toEqual(['!Arne Lund|language=Italian']);
    expect(slots('Arne Lund quit Italian cooking classes')).toEqual([]);
  });

  it('reads a diet named by its practice, and a new employer from an induction or a first week there', () => {
    expect(slots('Arne Lund returned to veganism')).toEqual(['Arne Lund|diet=vegan']);
    expect(slots('Arne Lund converted to pescatarianism last year')).toEqual(['Arne Lund|diet=pescatarian']);
    expect(slots('Arne Lund is onboarding at Zalando')).toEqual(['Arne Lund|employer=Zalando']);
    expect(slots('Arne Lund had his induction at Ørsted on Monday')).toEqual(['Arne Lund|employer=Ørsted']);
  });

  it('ends a line of work left, as its role, and a thing that went to someone else', () => {
    expect(slots('Arne Lund left journalism')).toEqual(['!Arne Lund|job=journalist']);
    expect(slots('Arne Lund got out of social work last year')).toEqual(['!Arne Lund|job=social worker']);
    expect(slots('Arne Lund left law school in May')).toEqual([]);
    expect(slots("Arne Lund's drum kit went to his nephew")).toEqual(['!Arne Lund|*=drum kit']);
    expect(slots("Arne Lund's Saab is with its new owner")).toEqual(['!Arne Lund|*=Saab']);
    expect(slots("Arne Lund's daughter went to her friend's house")).toEqual([]);
  });
});

describe('work things, a name with particles, lessons over, a career ended by something, a thing let lapse', () => {
  it('reads the employer a work thing names, and its end when it is handed back or deactivated', () => {
    expect(slots("Arne Lund's new Novo Nordisk laptop arrived")).toEqual(['Arne Lund|employer=Novo Nordisk']);
    expect(slots("Arne Lund's Maersk badge got deactivated on Friday")).toEqual(['!Arne Lund|employer=Maersk']);
    expect(slots('Arne Lund handed back his Maersk badge')).toEqual(['!Arne Lund|employer=Maersk']);
    expect(slots("Arne Lund's bus pass expired")).toEqual([]);
  });

  it('keeps the particles of a family name, and reads a last day told with its possessive in either spelling', () => {
    expect(slots('Ilse van der Meer lives in Leiden')).toEqual(['Ilse van der Meer|residence=Leiden']);
    expect(slots("Jonas Weiss' last day at Lidl was Friday")).toEqual(['!Jonas Weiss|employer=Lidl']);
    expect(slots("Jonas Weiss' car is a Skoda Octavia")).toEqual(['Jonas Weiss|car=Skoda Octavia']);
    expect(slots('Jonas Weiss has a Mini fridge')).toEqual([]);
  });

  it('ends what lessons were of when they stopped, a career ended by something else, and a thing let lapse', () => {
    expect(slots("Arne Lund's cello lessons ended in May")).toEqual(['!Arne Lund|*=cello']);
    expect(slots("Arne Lund's cello lessons are on Fridays")).toEqual(['Arne Lund|instrument=cello']);
    expect(slots("A torn ligament ended Arne Lund's skiing days")).toEqual(['!Arne Lund|*=skiing']);
    expect(slots('Arne Lund let his German slide')).toEqual(['!Arne Lund|*=German']);
    expect(slots('Arne Lund takes evening classes in Greek')).toEqual(['Arne Lund|language=Greek']);
    expect(slots("Arne Lund's divorce from Pia came through")).toEqual(['!Arne Lund|partner=Pia']);
  });
});

describe('soleOwnerOf', () => {
  it('names the one person whose thing a statement that opens with no one names', () => {
    expect(soleOwnerOf("A rowing machine has taken the place of the piano in Arne Lund's living room")).toBe('Arne Lund');
    expect(soleOwnerOf("The Volvo is James' now")).toBe('James');
    expect(soleOwnerOf("A dog bit Arne's leg and Pia's arm")).toBeNull();
    expect(soleOwnerOf('A storm closed the road')).toBeNull();
  });
});

describe('a proposal, a couple who split, a job applied for, a firm that has someone starting, things packed away or hung up', () => {
  it('reads a proposal as a partner, a couple who split (without "up") as parted, and a job applied for as no employer', () => {
    expect(slots('Arne Lund proposed to Pia')).toEqual(['Arne Lund|partner=Pia']);
    expect(slots('Arne Lund and Pia split last year')).toEqual(['!Arne Lund|partner=Pia', '!Pia|partner=Arne Lund']);
    expect(slots('Arne Lund and Pia split the bill')).toEqual([]);
    expect(slots('Arne Lund applied for a job at Lego')).toEqual([]);
  });

  it('reads whom a firm has starting as working there, and the end of a work thing turned in', () => {
    expect(slots('Vestas has Arne Lund starting on Monday')).toEqual(['Arne Lund|employer=Vestas']);
    expect(slots('Pia Holm has Arne Lund starting a new project')).toEqual([]);
    expect(slots("Arne Lund turned in Arne Lund's Maersk laptop")).toEqual(['!Arne Lund|employer=Maersk']);
  });

  it('ends a thing packed away, boxed up or hung up', () => {
    expect(slots('Arne Lund packed away his model railway')).toEqual(['!Arne Lund|*=model railway']);
    expect(slots('Arne Lund hung up his flight attendant wings')).toEqual(['!Arne Lund|*=flight attendant wings']);
  });
});

describe('a language switched, a stay of a time, a city that feels like home, a critic', () => {
  it('reads a switch between languages as languages, a switch of major as a field', () => {
    expect(slots('Arne Lund switched from Danish to Finnish on his app')).toEqual(['Arne Lund|language=Finnish', '!Arne Lund|language=Danish']);
    expect(slots('Arne Lund switched his major from German to History')).toEqual(['Arne Lund|field=History', '!Arne Lund|field=German']);
  });

  it('reads no home from a stay of a time, and a home from a city that feels like one', () => {
    expect(slots('Arne Lund spent two weeks working remotely from Madeira')).toEqual([]);
    expect(slots('Arne Lund works remotely from Madeira')).toEqual(['Arne Lund|residence=Madeira']);
    expect(slots('According to Arne Lund, Aarhus feels like home already')).toEqual(['Arne Lund|residence=Aarhus']);
    expect(slots('Aarhus feels like home to Arne Lund now')).toEqual(['Arne Lund|residence=Aarhus']);
  });

  it('reads a critic or a columnist as a line of work', () => {
    expect(slots('Arne Lund became a film critic')).toEqual(['Arne Lund|job=a film critic']);
  });
});

describe('the people and places of one’s work, home and school, an anniversary, a pet kept, an instrument restrung', () => {
  it('reads where one works, lives or studies from one’s own colleagues, neighbours or classmates there', () => {
    expect(slots("Arne Lund's new workmates at Carlsberg threw him a party")).toEqual(['Arne Lund|employer=Carlsberg']);
    expect(slots('Arne Lund met colleagues at Carlsberg')).toEqual([]);
    expect(slots("Arne Lund's flatmates in Odense cook on Sundays")).toEqual(['Arne Lund|residence=Odense']);
    expect(slots("Arne Lund's coursemates at Aalborg University study late")).toEqual(['Arne Lund|school=Aalborg University']);
  });

  it('reads a partner from an anniversary, a pet kept, an instrument restrung, a language streak, and a thing deleted as ended', () => {
    expect(slots('Arne Lund celebrated his anniversary with Pia')).toEqual(['Arne Lund|partner=Pia']);
    expect(slots('Arne Lund keeps two rabbits called Bo and Kit')).toEqual(['Arne Lund|pet=rabbit Bo']);
    expect(slots('Arne Lund dusted off his old trumpet')).toEqual(['Arne Lund|instrument=trumpet']);
    expect(slots('Arne Lund is on a 30 day Greek streak')).toEqual(['Arne Lund|language=Greek']);
    expect(slots('Arne Lund deleted Duolingo from his phone')).toEqual(['!Arne Lund|*=Duolingo']);
  });
});

describe('a tutor for a language, a recital on an instrument, a craft by its verb, a thing over for someone', () => {
  it('reads a tutor or teacher for a language as the language, never as an employer', () => {
    expect(slots('Arne Lund hired a tutor for Greek')).toEqual(['Arne Lund|language=Greek']);
    expect(slots('Arne Lund found a teacher of Welsh')).toEqual(['Arne Lund|language=Welsh']);
    expect(slots('Arne Lund is a tutor at Kumon')).toEqual(['Arne Lund|employer=Kumon', 'Arne Lund|job=a tutor']);
  });

  it('reads an instrument from a recital, a solo or an exam on it, and a craft from its verb', () => {
    expect(slots('Arne Lund gave his first marimba recital')).toEqual(['Arne Lund|instrument=marimba']);
    expect(slots('Arne Lund passed his grade 5 cello exam')).toEqual(['Arne Lund|instrument=cello']);
    expect(slots('Arne Lund weaves on a loom most evenings')).toEqual(['Arne Lund|hobby=weaving']);
  });

  it("reads a project from one's standups or tickets, a home from an address, and one's own workplace from one's boss there", () => {
    expect(slots("Arne Lund's standups are all about the Comet redesign now")).toEqual(['Arne Lund|project=Comet redesign']);
    expect(slots("Arne Lund's new driving licence shows his Bristol address")).toEqual(['Arne Lund|residence=Bristol']);
    expect(slots('Arne Lund sent the invoice to her Leeds address')).toEqual([]);
    expect(slots("Arne Lund's boss at H&M is great")).toEqual(['Arne Lund|employer=H&M']);
    expect(slots("Arne Lund's manager at Arup works from Leeds")).toEqual(['Arne Lund|employer=Arup', "Arne Lund's manager|residence=Leeds"]);
  });

  it('reads no home from a stay of a few days, a pet from its vet bills, and a thing gone back to someone else as ended', () => {
    expect(slots("Arne Lund stayed at a friend's flat in Cork for the weekend")).toEqual([]);
    expect(slots("Arne Lund's vet bills are for a cat named Figaro")).toEqual(['Arne Lund|pet=cat Figaro']);
    expect(slots("The harp went back to Arne Lund's teacher")).toEqual(['!Arne Lund|*=harp']);
  });

  it('ends a thing said to be over for someone, and reads nothing from a time that is over', () => {
    expect(slots('Origami is over for Arne Lund')).toEqual(['!Arne Lund|*=Origami']);
    expect(slots('The cello is history for Arne Lund now')).toEqual(['!Arne Lund|*=cello']);
    expect(slots('The party is over for the night')).toEqual([]);
  });
});
