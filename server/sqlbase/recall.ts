// Which tables a question is about, for schemas too large to send whole: full-text scoring (BM25) of each table's
// name, comment and columns (names and comments) against the question, Chinese segmented as in knowledge search
// (words plus single characters), fused with the tables nearest by vector when an embedding model is configured
// (vector-recall.ts). The best tables come with the tables they reference, or that reference them.
import { estimateTokens } from '../chat/history';
import { words } from '../knowledge/segment';
import type { TableInfo } from './driver-types';

/** Terms of a text: words, single Han characters of longer words, and identifier parts (order_items → order, items). */
export function terms(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.]+/g, ' ');
  const out: string[] = [];
  for (const w of words(spaced)) {
    out.push(w);
    if (w.length > 1 && /^\p{Script=Han}+$/u.test(w)) {
      out.push(...w);
      for (let i = 0; i + 1 < w.length; i++) out.push(w.slice(i, i + 2));
    }
  }
  return out;
}

export const tableText = (t: TableInfo) => [t.name, t.comment, ...t.columns.flatMap((c) => [c.name, c.comment])].join(' ');

export type TableIndex = { tables: TableInfo[]; docs: Map<string, number>[]; lengths: number[]; df: Map<string, number>; avg: number };

export function indexTables(tables: TableInfo[]): TableIndex {
  const docs = tables.map((t) => {
    const counts = new Map<string, number>();
    // The table's own name and comment weigh more than any one column.
    for (const term of [...terms(tableText(t)), ...terms(`${t.name} ${t.comment}`)]) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const lengths = docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  return { tables, docs, lengths, df, avg };
}

/** Tables by BM25 score for the question, best first (only tables with a positive score). */
export function rankTables(index: TableIndex, question: string): { table: TableInfo; score: number }[] {
  const q = [...new Set(terms(question))];
  const n = index.tables.length;
  const k1 = 1.2;
  const b = 0.75;
  const scored = index.docs.map((doc, i) => {
    let score = 0;
    for (const term of q) {
      const tf = doc.get(term);
      if (!tf) continue;
      const df = index.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * index.lengths[i]) / index.avg)));
    }
    return { table: index.tables[i], score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score);
}

/** Whether every table can be described within the budget (then nothing needs recalling). */
export const fitsBudget = (tables: TableInfo[], budgetTokens: number) => estimateTokens(tables.map(tableText).join('\n')) * 1.5 <= budgetTokens;

/** Reciprocal rank fusion's constant: a table's score is the sum of 1 / (RRF_K + rank) over the lists. */
const RRF_K = 60;

/** Ranked lists of the same tables merged by reciprocal rank fusion, best first. */
export function fuseRanks(lists: TableInfo[][]): TableInfo[] {
  const scores = new Map<string, { table: TableInfo; score: number; best: number }>();
  for (const list of lists) {
    list.forEach((table, rank) => {
      const entry = scores.get(table.key) ?? { table, score: 0, best: rank };
      entry.score += 1 / (RRF_K + rank + 1);
      entry.best = Math.min(entry.best, rank);
      scores.set(table.key, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.best - b.best).map((e) => e.table);
}

/**
 * The tables to describe: all when they fit the budget; else the top `k` by recall plus their related tables.
 * Recall is full text (BM25); with `byVector` (tables nearest the question by an embedding model, best first) the
 * two rankings are fused.
 */
export function recallTables(tables: TableInfo[], question: string, budgetTokens: number, k = 10, byVector: TableInfo[] | null = null): TableInfo[] {
  if (fitsBudget(tables, budgetTokens)) return tables;
  const byText = rankTables(indexTables(tables), question).map((s) => s.table);
  const top = (byVector?.length ? fuseRanks([byText.slice(0, 50), byVector.slice(0, 50)]) : byText).slice(0, k);
  const byKey = new Map(tables.map((t) => [t.key, t]));
  const chosen = new Map(top.map((t) => [t.key, t]));
  for (const t of top) {
    for (const r of t.refs) {
      const other = byKey.get(r.table);
      if (other) chosen.set(other.key, other);
    }
  }
  for (const t of tables) if (t.refs.some((r) => top.some((x) => x.key === r.table))) chosen.set(t.key, t);
  return [...chosen.values()];
}
