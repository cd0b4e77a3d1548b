// Table recall for large schemas: full text alone (no model), and fused with the embedding model's vectors when one
// is configured (the fake model's hashed-bigram embeddings); without a model or when it fails, full text alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { loadConfig } from '../config';
import type { TableInfo } from './driver-types';
import { rankTables, indexTables, recallTables } from './recall';
import { clearTableVectors, rankTablesByVector } from './vector-recall';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm?.close();
});

const WORDS = ['订单', '客户', '库存', '仓库', '供应商', '发票', '合同', '员工', '部门', '项目', '工单', '设备', '维修', '采购', '物流', '车辆'];
const ATTRS = ['编号', '名称', '状态', '金额', '日期', '备注', '类型', '数量', '负责人', '地址'];

/** 300 tables with Chinese comments, plus one whose only link to the question is an identifier written as one word. */
function schema(): TableInfo[] {
  const tables: TableInfo[] = [];
  for (let i = 0; i < 300; i++) {
    const w = WORDS[i % WORDS.length];
    tables.push({
      key: `t_${i}`, name: `t_${i}`, comment: `${w}表${i}`, refs: [],
      columns: ATTRS.map((a, j) => ({ name: `c${j}_${i}`, type: 'text', comment: `${w}${a}${(i * 7 + j) % 13}` })),
    });
  }
  tables.push({
    key: 'crm_contact', name: 'crm_contact', comment: '', refs: [],
    columns: [{ name: 'customeraddress_line', type: 'text', comment: '' }, { name: 'zipcode', type: 'text', comment: '' }],
  });
  return tables;
}

const config = (extra: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: '/tmp/kb-recall-unused', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', EMBEDDING_MODEL: 'fake-embedding', ...extra });

describe('table recall', () => {
  it('finds a table by a column comment with full text alone', () => {
    const tables = schema();
    const ranked = rankTables(indexTables(tables), '按供应商负责人7统计').map((s) => s.table.key);
    const wanted = tables.filter((t) => t.columns.some((c) => c.comment === '供应商负责人7')).map((t) => t.key);
    expect(wanted.length).toBeGreaterThan(0);
    expect(ranked.slice(0, 10)).toEqual(expect.arrayContaining([wanted[0]]));
  });

  it('with an embedding model, fuses the nearest tables by vector: a table full text misses is recalled', async () => {
    clearTableVectors();
    const tables = schema();
    const question = 'customeraddressline zip';
    // Full text alone: the identifier written as one word matches no term of the table.
    expect(recallTables(tables, question, 3000).map((t) => t.key)).not.toContain('crm_contact');
    const byVector = await rankTablesByVector(config(), tables, question);
    expect(byVector?.[0].key).toBe('crm_contact');
    expect(recallTables(tables, question, 3000, 10, byVector).map((t) => t.key)).toContain('crm_contact');
    // Table vectors are kept: the next question embeds only itself.
    const before = llm.stats.embedded;
    await rankTablesByVector(config(), tables, '另一个问题');
    expect(llm.stats.embedded - before).toBe(1);
  });

  it('stays with full text without an embedding model, or when the model fails', async () => {
    const tables = schema();
    expect(await rankTablesByVector(loadConfig({ DATA_DIR: '/tmp/kb-recall-unused' }), tables, '客户地址')).toBeNull();
    expect(await rankTablesByVector(config({ EMBEDDING_MODEL: '' }), tables, '客户地址')).toBeNull();
    clearTableVectors();
    const down = config({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_TIMEOUT_MS: '2000' });
    expect(await rankTablesByVector(down, tables, '客户地址')).toBeNull();
    expect(recallTables(tables, '客户地址', 3000, 10, null).length).toBeGreaterThan(0);
  });
});
