import { describe, expect, it } from 'vitest';
import type { SpaceArguments } from '../../../../contract/api';
import { argumentOf, formValuesOf, spaceNameProblem } from './space-form';

const DEFAULTS: SpaceArguments = {
  embedding: { topk: 5, recall_score: 0.3, recall_type: 'TopK', model: 'FullText', chunk_size: 500, chunk_overlap: 50 },
  prompt: { max_token: 2000, scene: '场景', template: '模板 {context} {question}' },
  summary: { max_iteration: 5, concurrency_limit: 3 },
};

describe('space name rule', () => {
  it.each(['产品手册', 'manual_v2', '研发-2026', 'A'])('accepts %s', (name) => expect(spaceNameProblem(name)).toBeNull());
  it.each([
    ['', '请输入知识空间名称'],
    ['产品 手册', '知识空间名称只能包含中文、字母、数字、下划线（_）和中划线（-）'],
    ['a/b', '知识空间名称只能包含中文、字母、数字、下划线（_）和中划线（-）'],
    ['名'.repeat(101), '知识空间名称不能超过 100 个字符'],
  ])('refuses %j with %s', (name, message) => expect(spaceNameProblem(name)).toBe(message));
});

describe('space arguments form', () => {
  it('reads the stored arguments over the defaults and writes them back nested', () => {
    const values = formValuesOf({ name: '手册', desc: '说明', context: JSON.stringify({ embedding: { topk: 8, chunk_size: 800 } }) }, DEFAULTS);
    expect(values).toMatchObject({ name: '手册', desc: '说明', topk: 8, chunk_size: 800, chunk_overlap: 50, max_token: 2000 });
    expect(argumentOf(values)).toEqual({
      embedding: { topk: 8, recall_score: 0.3, chunk_size: 800, chunk_overlap: 50 },
      prompt: { max_token: 2000, scene: '场景', template: '模板 {context} {question}' },
    });
  });

  it('falls back to the defaults when the stored context is broken', () => {
    expect(formValuesOf({ name: 'x', desc: '', context: '{oops' }, DEFAULTS).topk).toBe(5);
    expect(formValuesOf(null, DEFAULTS).name).toBe('');
  });
});
