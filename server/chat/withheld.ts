// Stored answers of knowledge chat carry their citations (document, passage), and every answer records the documents
// it draws on: its citations and those of the earlier answers sent with it as history (an answer in plain chat can
// repeat a knowledge answer). What a user may read can shrink after the answer (a lowered clearance, a document
// regraded or given review roles, a role taken away, a deletion): a stored answer drawing on a document the user may
// no longer read is withheld from the history shown and from the history sent to the model, with its citations, so
// no passage above the user's clearance outlives the right to read it (docs/decisions.md D23). A database-chat answer
// records the connection it read; it is withheld the same way once the user may no longer use it (D89).
import { and, inArray } from 'drizzle-orm';
import type { ChatMessage, Citation } from '../../contract/api';
import { dbConnections, knowledgeDocuments } from '../db/schema';
import type { Deps } from '../deps';
import { visibleTo, type Viewer } from '../knowledge/visibility';
import { connectionVisibleTo } from '../sqlbase/connections';
import { toChatMessage, type MessageRow } from './dialogues';

/** What a withheld answer says instead of its text. */
export const WITHHELD_ANSWER = '该回答引用的文档已删除或您已无权查看，内容不再显示。';
/** What a withheld database-chat answer says instead. */
export const WITHHELD_DB_ANSWER = '该回答查询的数据库连接已删除或您已无权使用，内容不再显示。';

/** The documents a message cites (none for answers without citations). */
export function citedDocuments(references: unknown): number[] {
  if (!Array.isArray(references)) return [];
  return (references as Partial<Citation>[]).map((r) => Number(r.doc_id)).filter(Number.isInteger);
}

/** The documents a stored answer draws on: its own record of them, or (stored before it was kept) its citations. */
export function sourcesOf(row: Pick<MessageRow, 'sourceDocs' | 'references'>): number[] {
  return row.sourceDocs ?? citedDocuments(row.references);
}

/** Of `docIds`, those the viewer may read now (THE visibility predicate). */
export async function readableDocuments(deps: Pick<Deps, 'db'>, viewer: Viewer, docIds: number[]): Promise<Set<number>> {
  if (!docIds.length) return new Set();
  const rows = await deps.db.select({ id: knowledgeDocuments.id }).from(knowledgeDocuments)
    .where(and(inArray(knowledgeDocuments.id, [...new Set(docIds)]), visibleTo(viewer)));
  return new Set(rows.map((r) => r.id));
}

/** Of `ids`, the connections the viewer may use now (THE connection predicate). */
async function usableConnections(deps: Pick<Deps, 'db'>, viewer: Viewer, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await deps.db.select({ id: dbConnections.id }).from(dbConnections)
    .where(and(inArray(dbConnections.id, [...new Set(ids)]), connectionVisibleTo(viewer)));
  return new Set(rows.map((r) => r.id));
}

/** A stored answer's sources: the documents it cites and the connection it read (none for questions). */
export type AnswerSources = { round: number; cited: number[] | null; connection?: number | null };

/** The rounds whose answer cites a document the viewer may not read now, or read a connection the viewer may not use. */
export async function withheldRounds(deps: Pick<Deps, 'db'>, viewer: Viewer, messages: AnswerSources[]): Promise<Set<number>> {
  const cited = messages.flatMap((m) => m.cited ?? []);
  const connections = messages.flatMap((m) => (m.connection == null ? [] : [m.connection]));
  if (!cited.length && !connections.length) return new Set();
  const [readable, usable] = await Promise.all([readableDocuments(deps, viewer, cited), usableConnections(deps, viewer, connections)]);
  return new Set(messages.filter((m) => (m.cited ?? []).some((id) => !readable.has(id)) || (m.connection != null && !usable.has(m.connection)))
    .map((m) => m.round));
}

/** The dialogue's messages as the viewer may see them now: withheld answers say so, without text or citations. */
export async function shownMessages(deps: Pick<Deps, 'db'>, viewer: Viewer, rows: MessageRow[]): Promise<ChatMessage[]> {
  const view = (r: MessageRow) => r.role === 'view';
  const withheld = await withheldRounds(deps, viewer, rows.map((r) => ({ round: r.round, cited: view(r) ? sourcesOf(r) : [], connection: view(r) ? r.sourceConnection : null })));
  return rows.map((row) => {
    const message = toChatMessage(row);
    if (row.role === 'human' || !withheld.has(row.round)) return message;
    const { references: _references, chart: _chart, ...rest } = message;
    return { ...rest, context: row.sourceConnection != null ? WITHHELD_DB_ANSWER : WITHHELD_ANSWER };
  });
}
