import { describe, expect, it } from 'vitest';
import { dbAnswerText } from './db-answer-text';

describe('database answer text', () => {
  it('shows the thoughts of the JSON answer and what the server appended, also while streaming', () => {
    const json = '{"thoughts": "按地区汇总\\n金额。", "sql": "SELECT 1", "display_type": "response_table"}';
    expect(dbAnswerText(json)).toBe('按地区汇总\n金额。');
    expect(dbAnswerText(`${json}\n\n查询被拒绝：只允许只读查询。该查询未执行`)).toBe('按地区汇总\n金额。\n\n查询被拒绝：只允许只读查询。该查询未执行');
    expect(dbAnswerText('{"thoughts": "按地区')).toBe('按地区');
    expect(dbAnswerText('普通的回答 {"a":1}')).toBe('普通的回答 {"a":1}');
    expect(dbAnswerText('```sql\nSELECT 1\n```')).toBe('```sql\nSELECT 1\n```');
  });
});
