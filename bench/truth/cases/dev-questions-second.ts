import type { TruthCase } from '../types.js';

/**
 * Dev set, class 6, second batch: plain questions and their paraphrases ("Where is X based?",
 * "Who pays X's salary?", "What's X's diet like?", "Who is X seeing?") against notes, chats and
 * direct writes that state the answer in words the question does not use, each beside a fact about
 * something else that must not rank above it. Written before any work on them, in two halves:
 * `dev-q2a-*` is worked on, `dev-q2b-*` is only reported.
 */

type Said = { note: string } | { chat: { name: string; content: string } } | { remember: string };

export function ask(id: string, about: string, said: Said[], questions: [string, string | string[]][]): TruthCase {
  return {
    id,
    class: 'questions',
    split: 'dev',
    about,
    steps: said.map((s, i) =>
      'note' in s
        ? { do: 'note' as const, content: s.note }
        : 'chat' in s
          ? { do: 'chat' as const, conversationId: `${id}-${i}`, messages: [{ role: 'user' as const, name: s.chat.name, content: s.chat.content }] }
          : { do: 'remember' as const, memories: [{ content: s.remember }] },
    ),
    checks: questions.map(([answer, expect]) => ({ answer, expect })),
  };
}

export const SECOND_DEV_QUESTION_CASES: TruthCase[] = [
  ask(
    'dev-q2a-based-in',
    'a home told as "has a flat in", asked as "where is … based"',
    [{ note: 'Kofi Boateng has a flat in Kumasi near the central market.' }, { note: 'Kofi Boateng collects vintage highlife records.' }],
    [
      ['Where is Kofi based?', 'Kumasi'],
      ['What does Kofi collect?', 'highlife records'],
    ],
  ),
  ask(
    'dev-q2a-salary',
    'an employer told as "is on the payroll of", asked as "who pays … salary"',
    [{ note: 'Ingrid Solberg is on the payroll of Equinor as a reservoir geologist.' }, { note: 'Ingrid Solberg sings alto in a church choir.' }],
    [
      ["Who pays Ingrid's salary?", 'Equinor'],
      ['What does Ingrid do for work?', 'geologist'],
    ],
  ),
  ask(
    'dev-q2a-chat-diet',
    'a diet told in a chat as "no meat or fish for me", asked as "what is … diet like"',
    [
      { chat: { name: 'Ravi Menon', content: 'no meat or fish for me, I went vegetarian when I moved out of home' } },
      { chat: { name: 'Ravi Menon', content: 'also I cycle to the office every day' } },
    ],
    [
      ["What's Ravi's diet like?", 'vegetarian'],
      ['How does Ravi get to the office?', ['cycle', 'cycles', 'bike']],
    ],
  ),
  ask(
    'dev-q2a-seeing',
    'a partner told as "has been going out with", asked as "who is … seeing"',
    [{ note: 'Chiara Bianchi has been going out with Matteo Russo since the spring.' }, { note: 'Chiara Bianchi teaches yoga on Saturday mornings.' }],
    [
      ['Who is Chiara seeing?', 'Matteo'],
      ['Who is Chiara dating?', 'Matteo'],
    ],
  ),
  ask(
    'dev-q2a-studies',
    'a subject of study told as "is reading … at", asked as "what does … study"',
    [{ note: 'Amara Eze is reading law at the University of Lagos.' }, { note: 'Amara Eze plays the talking drum at weddings.' }],
    [
      ['What does Amara study?', 'law'],
      ['Which university does Amara go to?', 'University of Lagos'],
    ],
  ),
  ask(
    'dev-q2a-remember-job',
    'a direct write "earns a living as", asked as "what does … do"',
    [{ remember: 'Tomasz Wójcik earns a living as a piano tuner in Kraków' }, { remember: 'Tomasz Wójcik has two cats named Bigos and Pierogi' }],
    [
      ['What does Tomasz do?', 'piano tuner'],
      ['Where does Tomasz live?', 'Kraków'],
    ],
  ),
  ask(
    'dev-q2b-calls-home',
    'a home told as "calls … home", asked as "where does … live"',
    [{ note: 'For the last six years Leilani Kahale has called Hilo home.' }, { note: 'Leilani Kahale paddles an outrigger canoe with her club.' }],
    [
      ['Where does Leilani live?', 'Hilo'],
      ['What sport does Leilani do?', ['outrigger', 'canoe', 'paddles']],
    ],
  ),
  ask(
    'dev-q2b-works-for',
    'an employer told as "clocks in at", asked as "which company does … work for"',
    [{ chat: { name: 'Dmitri Volkov', content: 'I clock in at the Rosatom plant at six every morning, shift work as a turbine technician' } }],
    [
      ['Which company does Dmitri work for?', 'Rosatom'],
      ["What is Dmitri's job?", ['turbine technician', 'technician']],
    ],
  ),
  ask(
    'dev-q2b-eats',
    'a diet told as "keeps halal", asked as "what does … eat"',
    [{ note: 'Yusuf Demir keeps halal and never drinks alcohol.' }, { note: 'Yusuf Demir drives a taxi in Izmir.' }],
    [
      ['What does Yusuf eat?', 'halal'],
      ['Where does Yusuf work?', ['Izmir', 'taxi']],
    ],
  ),
  ask(
    'dev-q2b-wife',
    'a partner told as "tied the knot with", asked as "who is … wife"',
    [{ note: 'Oliver Bennett tied the knot with Hannah Clarke in Bath last June.' }, { note: 'Oliver Bennett restores old Land Rovers in his garage.' }],
    [
      ["Who is Oliver's wife?", 'Hannah'],
      ['Who is Oliver married to?', 'Hannah'],
    ],
  ),
  ask(
    'dev-q2b-pupil',
    'a school told as "is in year 9 at", asked as "which school does … attend"',
    [{ note: 'Ella Fitzgerald-Moore is in year 9 at St Mary’s Academy in Leeds.' }, { note: 'Ella Fitzgerald-Moore swims for the Leeds junior squad.' }],
    [
      ['Which school does Ella attend?', 'St Mary'],
      ['What sport does Ella do?', ['swim', 'swims', 'swimming']],
    ],
  ),
  ask(
    'dev-q2b-remember-pet',
    'a direct write "shares her home with a tortoise", asked as "what pet does … have"',
    [{ remember: 'Marisol Vega shares her home with a Greek tortoise called Churro' }, { remember: 'Marisol Vega volunteers at a food bank on Sundays' }],
    [
      ['What pet does Marisol have?', ['tortoise', 'Churro']],
      ['What does Marisol do on Sundays?', ['food bank', 'volunteers']],
    ],
  ),
];
