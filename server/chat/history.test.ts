import { describe, expect, it } from 'vitest';
import { estimateTokens, historyWithinBudget, roundsOf } from './history';
import type { MessageRow } from './dialogues';

const row = (round: number, role: string, content: string): MessageRow => ({
  id: round * 10 + role.length, dialogueId: 1, round, role, content, status: role === 'view' ? 'complete' : null,
  references: null, chart: null, sourceDocs: null, sourceConnection: null, modelName: null, createdAt: new Date(0), updatedAt: new Date(0),
});

describe('history within a token budget', () => {
  it('estimates CJK characters as one token each and other text as four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('你好世界')).toBe(4);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('你好 abc，')).toBe(4);
  });

  it('keeps the newest whole rounds that fit, oldest first', () => {
    const rounds = [
      { round: 1, question: '一'.repeat(50), answer: '二'.repeat(50) },
      { round: 2, question: '三'.repeat(10), answer: '四'.repeat(10) },
      { round: 3, question: '五'.repeat(20), answer: '六'.repeat(20) },
    ];
    expect(historyWithinBudget(rounds, 1000).length).toBe(6);
    const cut = historyWithinBudget(rounds, 70);
    expect(cut.map((m) => m.content[0])).toEqual(['三', '四', '五', '六']);
    expect(cut.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // An older round that would fit is not taken once a newer one did not.
    expect(historyWithinBudget([rounds[1], rounds[0], rounds[2]], 70).map((m) => m.content[0])).toEqual(['五', '六']);
    expect(historyWithinBudget(rounds, 0)).toEqual([]);
  });

  it('builds rounds from stored messages before the current round, the model text preferred, unanswered rounds left out', () => {
    const rows = [
      row(1, 'human', '问一'), row(1, 'ai', '模型一'), row(1, 'view', '展示一'),
      row(2, 'human', '问二'), row(2, 'view', ''),
      row(3, 'human', '问三'), row(3, 'view', '展示三'),
      row(4, 'human', '当前'),
    ];
    expect(roundsOf(rows, 4)).toEqual([
      { round: 1, question: '问一', answer: '模型一' },
      { round: 3, question: '问三', answer: '展示三' },
    ]);
  });
});
