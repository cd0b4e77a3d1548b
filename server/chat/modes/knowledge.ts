// chat_knowledge: answer from the passages of the selected spaces (one or several, D93) that the user may see. Recall goes through
// `recallChunks`, which applies THE visibility predicate (server/knowledge/visibility.ts): a passage above the
// user's clearance or outside their review roles never reaches the prompt, the answer or the citations.
import { CHAT_MESSAGES, relevanceText, sourceText, type Citation } from '../../../contract/api';
import { badRequest, HttpError } from '../../http-error';
import { storedArguments } from '../../knowledge/arguments';
import { recallChunks } from '../../knowledge/search';
import { spaceWithGeneration } from '../../knowledge/spaces';
import type { ChatModeHandler, LlmMessage } from '../mode';

const CITE = '回答中引用已知信息时，请在句末用 [编号] 标注来源，例如 [1]。';

/** Passages as the prompt shows them: `[n] 《document》` (with its space when several are asked) then the text. */
export function numberedPassages(refs: Citation[], withSpace = false): string {
  return refs.map((r) => {
    const source = sourceText(r.position, r.heading_path);
    return `[${r.index}] 《${r.doc_name}》${source ? ` ${source}` : ''}${withSpace ? `（知识空间「${r.space}」）` : ''}\n${r.content}`;
  }).join('\n\n');
}

/** What knowledge chat answers when no passage of the space reaches its 召回阈值: no model is asked, nothing is cited. */
export function noPassageAnswer(space: string, threshold: number): string {
  return `知识空间「${space}」中没有找到与问题相关的内容（没有段落的相关度达到召回阈值 ${relevanceText(threshold)}），`
    + '因此不作回答。可以换个说法提问，或确认相关文档已上传并处理完成。';
}

function fallbackAnswer(space: string, refs: Citation[], withSpace: boolean): string {
  const passages = refs.map((r) => `**[${r.index}] ${r.doc_name}**${withSpace ? `（知识空间「${r.space}」）` : ''}（相关度 ${relevanceText(r.score)}）\n\n${r.content.split('\n').map((l) => `> ${l}`).join('\n')}`);
  return `${CHAT_MESSAGES.noModel}\n\n以下是知识空间「${space}」中与问题最相关的内容：\n\n${passages.join('\n\n')}`;
}

/** The space names of `select_param`: one name, or several comma-separated (a name holds no comma, D93). */
export function parseSpaceNames(param: string | null): string[] {
  const names = [...new Set((param ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (!names.length) throw badRequest('请选择知识空间');
  if (names.length > MAX_SPACES) throw badRequest(`一次对话最多选择 ${MAX_SPACES} 个知识空间`);
  return names;
}

/** Spaces one knowledge dialogue may draw on at once (each costs a recall per question). */
export const MAX_SPACES = 5;

export const knowledgeMode: ChatModeHandler = {
  mode: 'chat_knowledge',
  async prepare(ctx) {
    const names = parseSpaceNames(ctx.dialogue.selectParam);
    // Each space as the recall test reads it (kept in memory on the embedded database, D72); a space the user may
    // not see is refused as if it did not exist (D93).
    const spaces = await Promise.all(names.map((name) => spaceWithGeneration(ctx.deps, name, ctx.viewer).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? badRequest(`知识空间不存在：${name}`) : err;
    })));
    // The first space's prompt; each space's own top-K and 召回阈值 (D29), then the best passages of all, at most the
    // largest top-K: passages below a space's threshold are neither shown to the model nor cited.
    const args = storedArguments(spaces[0].space.argument);
    const recalled = await Promise.all(spaces.map(async ({ space, generation }) => {
      const own = storedArguments(space.argument).embedding;
      const hits = await recallChunks(ctx.deps, ctx.viewer, space.id, ctx.question, own.topk, own.recall_score, generation);
      return hits.map((h) => ({ ...h, space: space.name }));
    }));
    const limit = Math.max(...spaces.map(({ space }) => storedArguments(space.argument).embedding.topk));
    const hits = recalled.flat().sort((a, b) => b.score - a.score).slice(0, limit);
    const references: Citation[] = hits.map((h, i) => ({
      index: i + 1, space: h.space, doc_id: h.document_id, doc_name: h.chunk_name, chunk_id: h.chunk_id, content: h.content, score: h.score,
      highlights: h.highlights, heading_path: h.heading_path, position: h.position,
    }));
    const label = names.join('」「');
    if (!references.length) return { messages: [], references: [], reply: noPassageAnswer(label, Math.min(...spaces.map(({ space }) => storedArguments(space.argument).embedding.recall_score))) };
    const context = numberedPassages(references, names.length > 1);
    const prompt = args.prompt.template.includes('{context}')
      ? args.prompt.template.replace('{context}', () => context).replace('{question}', () => ctx.question)
      : `${args.prompt.template}\n已知信息：\n${context}\n问题：${ctx.question}`;
    const messages: LlmMessage[] = [
      { role: 'system', content: `${args.prompt.scene}\n${CITE}` },
      ...ctx.history,
      { role: 'user', content: prompt },
    ];
    return { messages, references, fallback: fallbackAnswer(label, references, names.length > 1) };
  },
};
