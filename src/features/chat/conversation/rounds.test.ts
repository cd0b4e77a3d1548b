import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../contract/api';
import { nextOrder, roundsOf } from './rounds';

const msg = (role: ChatMessage['role'], order: number, context: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  role, order, context, time_stamp: null, model_name: 'm', ...extra,
});

describe('roundsOf', () => {
  it('pairs questions with their view answers in order and leaves out the model’s raw ai text', () => {
    const rounds = roundsOf([
      msg('human', 2, '第二问'), msg('ai', 2, 'raw'), msg('view', 2, '第二答', { status: 'stopped' }),
      msg('human', 1, '第一问'), msg('view', 1, '第一答'),
      msg('human', 3, '还没回答'),
    ]);
    expect(rounds.map((r) => [r.order, r.question, r.answer?.text, r.answer?.status])).toEqual([
      [1, '第一问', '第一答', 'complete'],
      [2, '第二问', '第二答', 'stopped'],
      [3, '还没回答', undefined, undefined],
    ]);
    expect(nextOrder(rounds)).toBe(4);
    expect(nextOrder([])).toBe(1);
  });
});
