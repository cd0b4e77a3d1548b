// The conversation history sent with a question, cut to a token budget (the newest rounds that fit).
import type { LlmMessage } from '../llm/models';

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** A rough token count without a tokenizer: a CJK character ≈ 1 token, other text ≈ 4 characters a token. */
export function estimateTokens(text: string): number {
  let wide = 0;
  let other = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) wide++;
    else other++;
  }
  return wide + Math.ceil(other / 4);
}

export type Round = { round: number; question: string; answer: string };

/** Finished rounds before `beforeRound` (question and the model's text; rounds without an answer are left out). */
export function roundsOf(messages: { round: number; role: string; content: string }[], beforeRound: number): Round[] {
  const byRound = new Map<number, { human?: string; ai?: string; view?: string }>();
  for (const m of messages) {
    if (m.round >= beforeRound) continue;
    const r = byRound.get(m.round) ?? {};
    r[m.role as 'human' | 'ai' | 'view'] = m.content;
    byRound.set(m.round, r);
  }
  return [...byRound.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([round, r]) => ({ round, question: r.human ?? '', answer: r.ai || r.view || '' }))
    .filter((r) => r.question && r.answer);
}

/** The newest whole rounds whose tokens fit in `budget`, oldest first, as chat messages. */
export function historyWithinBudget(rounds: Round[], budget: number): LlmMessage[] {
  const kept: Round[] = [];
  let used = 0;
  for (let i = rounds.length - 1; i >= 0; i--) {
    const cost = estimateTokens(rounds[i].question) + estimateTokens(rounds[i].answer);
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(rounds[i]);
  }
  return kept.flatMap((r): LlmMessage[] => [{ role: 'user', content: r.question }, { role: 'assistant', content: r.answer }]);
}
