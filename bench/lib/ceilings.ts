import { normalize } from './answers.js';
import type { LocomoQuestion, LocomoSample } from '../recall/locomo.js';

export interface AnswerCeilings {
  /** The normalized gold answer appears verbatim in the text of the question's evidence turns. */
  inEvidence: boolean;
  /** … in any turn of the conversation. */
  inConversation: boolean;
}

/** Evidence ids as LoCoMo writes them: "D1:3", sometimes several in one string ("D1:3; D2:5"). */
export function evidenceIds(question: LocomoQuestion): string[] {
  return question.evidence.flatMap((e) => e.split(/[;,\s]+/)).filter((e) => e.length > 0);
}

/**
 * How far a verbatim answer could go: answers that appear in no turn are paraphrases, or dates
 * worked out from the session date, which only a rewriting extractor can produce.
 */
export function answerCeilings(sample: LocomoSample): Map<LocomoQuestion, AnswerCeilings> {
  const turnText = new Map(sample.sessions.flatMap((s) => s.turns.map((t) => [t.diaId, t.content] as const)));
  const conversation = normalize([...turnText.values()].join(' | '));
  return new Map(
    sample.questions.map((q) => {
      const gold = normalize(q.answer);
      const evidence = normalize(
        evidenceIds(q)
          .map((id) => turnText.get(id) ?? '')
          .join(' | '),
      );
      return [q, { inEvidence: gold.length > 0 && evidence.includes(gold), inConversation: gold.length > 0 && conversation.includes(gold) }];
    }),
  );
}
