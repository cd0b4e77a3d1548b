// Tables nearest a question by the embedding model, when one is configured (D46): each table's name, comment and
// columns are embedded once (kept by model and text, so an unchanged table is never embedded again, whichever
// connection or version it comes from) and compared with the question's vector by cosine similarity. Without a
// model, or when the model fails, answers null and recall stays full text alone.
import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { embedTexts } from '../knowledge/vectors';
import type { TableInfo } from './driver-types';
import { tableText } from './recall';

/** Characters of a table's text that are embedded (embedding models take a few hundred tokens at most). */
const MAX_TEXT = 1500;
/** Table vectors kept in memory (model and text → vector); the oldest go first beyond this. */
const MAX_CACHED = 20_000;
const cache = new Map<string, number[]>();

const keyOf = (model: string, text: string) => `${model}:${createHash('sha256').update(text).digest('base64url')}`;

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The tables by cosine similarity to the question, best first; null without an embedding model or when it fails. */
export async function rankTablesByVector(config: Config, tables: TableInfo[], question: string): Promise<TableInfo[] | null> {
  if (!config.llmBaseUrl || !config.embeddingModel || !question.trim() || !tables.length) return null;
  const model = config.embeddingModel.name;
  const keys = tables.map((t) => keyOf(model, tableText(t).slice(0, MAX_TEXT)));
  const missing = [...new Set(tables.map((_, i) => i).filter((i) => !cache.has(keys[i])))];
  let questionVector: number[];
  try {
    const vectors = await embedTexts(config, [question, ...missing.map((i) => tableText(tables[i]).slice(0, MAX_TEXT))]);
    questionVector = vectors[0];
    missing.forEach((i, n) => cache.set(keys[i], vectors[n + 1]));
  } catch {
    return null;
  }
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  return tables
    .map((table, i) => ({ table, score: cosine(questionVector, cache.get(keys[i]) ?? []) }))
    .sort((a, b) => b.score - a.score)
    .map((s) => s.table);
}

/** Forgets every table vector (tests). */
export const clearTableVectors = () => cache.clear();
