import type { AnswerStatus, ChartView, ChatMessage, Citation, ToolCallView } from '../../../../contract/api';

/** An answer as the page shows it, stored or streaming. */
export type Answer = {
  text: string;
  status: AnswerStatus;
  references?: Citation[];
  chart?: ChartView;
  /** Chat with tools: the calls made while answering, in order. */
  toolCalls?: ToolCallView[];
  /** Why it failed, when the stream said so. */
  error?: string;
  model?: string | null;
};

/** A question and its answer (the `human` and `view` messages of one `order`). */
export type Round = { order: number; question: string; answer: Answer | null };

/** Groups the history into rounds; `ai` messages (the model's raw text) are not shown, as in DB-GPT. */
export function roundsOf(messages: readonly ChatMessage[]): Round[] {
  const byOrder = new Map<number, Round>();
  for (const m of messages) {
    const round = byOrder.get(m.order) ?? { order: m.order, question: '', answer: null };
    byOrder.set(m.order, round);
    if (m.role === 'human') round.question = m.context;
    if (m.role === 'view') {
      round.answer = {
        text: m.context,
        status: m.status ?? 'complete',
        references: m.references,
        chart: m.chart,
        ...(m.tool_calls?.length ? { toolCalls: m.tool_calls } : {}),
        model: m.model_name,
      };
    }
  }
  return [...byOrder.values()].sort((a, b) => a.order - b.order);
}

/** The order the next question gets before the server names it. */
export function nextOrder(rounds: readonly Round[]): number {
  return (rounds.at(-1)?.order ?? 0) + 1;
}

/** The calls with `call` put in place of the earlier state of the same call, or added at the end. */
export function withToolCall(calls: readonly ToolCallView[] | undefined, call: ToolCallView): ToolCallView[] {
  const list = calls ?? [];
  const at = list.findIndex((c) => c.id === call.id);
  return at < 0 ? [...list, call] : list.map((c, i) => (i === at ? call : c));
}
