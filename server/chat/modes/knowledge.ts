// chat_knowledge: answer from the passages of the selected space that the user may see. Recall goes through
// `recallChunks`, which applies THE visibility predicate (server/knowledge/visibility.ts): a passage above the
// user's clearance or outside their review roles never reaches the prompt, the answer or the citations.
import { CHAT_MESSAGES, relevanceText, type Citation } from '../../../contract/api';
import { badRequest, HttpError } from '../../http-error';
import { storedArguments } from '../../knowledge/arguments';
import { recallChunks } from '../../knowledge/search';
import { spaceWithGeneration } from '../../knowledge/spaces';
import type { ChatModeHandler, LlmMessage } from '../mode';

const CITE = '回答中引用已知信息时，请在句末用 [编号] 标注来源，例如 [1]。';

/** Passages as the prompt shows them: `[n] 《document》` then the text. */
export function numberedPassages(refs: Citation[]): string {
  return refs.map((r) => `[${r.index}] 《${r.doc_name}》\n${r.content}`).join('\n\n');
}

/** What knowledge chat answers when no passage of the space reaches its 召回阈值: no model is asked, nothing is cited. */
export function noPassageAnswer(space: string, threshold: number): string {
  return `知识空间「${space}」中没有找到与问题相关的内容（没有段落的相关度达到召回阈值 ${relevanceText(threshold)}），`
    + '因此不作回答。可以换个说法提问，或确认相关文档已上传并处理完成。';
}

function fallbackAnswer(space: string, refs: Citation[]): string {
  const passages = refs.map((r) => `**[${r.index}] ${r.doc_name}**（相关度 ${relevanceText(r.score)}）\n\n${r.content.split('\n').map((l) => `> ${l}`).join('\n')}`);
  return `${CHAT_MESSAGES.noModel}\n\n以下是知识空间「${space}」中与问题最相关的内容：\n\n${passages.join('\n\n')}`;
}

export const knowledgeMode: ChatModeHandler = {
  mode: 'chat_knowledge',
  async prepare(ctx) {
    const name = ctx.dialogue.selectParam?.trim();
    if (!name) throw badRequest('请选择知识空间');
    // The space and its change counter as the recall test reads them (kept in memory on the embedded database, D72).
    const { space, generation } = await spaceWithGeneration(ctx.deps, name).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? badRequest(`知识空间不存在：${name}`) : err;
    });
    const args = storedArguments(space.argument);
    // The space's top-K and 召回阈值 (D29): passages below the threshold are neither shown to the model nor cited.
    const hits = await recallChunks(ctx.deps, ctx.viewer, space.id, ctx.question, args.embedding.topk, args.embedding.recall_score, generation);
    const references: Citation[] = hits.map((h, i) => ({
      index: i + 1, space: space.name, doc_id: h.document_id, doc_name: h.chunk_name, chunk_id: h.chunk_id, content: h.content, score: h.score,
      highlights: h.highlights,
    }));
    if (!references.length) return { messages: [], references: [], reply: noPassageAnswer(space.name, args.embedding.recall_score) };
    const context = numberedPassages(references);
    const prompt = args.prompt.template.includes('{context}')
      ? args.prompt.template.replace('{context}', () => context).replace('{question}', () => ctx.question)
      : `${args.prompt.template}\n已知信息：\n${context}\n问题：${ctx.question}`;
    const messages: LlmMessage[] = [
      { role: 'system', content: `${args.prompt.scene}\n${CITE}` },
      ...ctx.history,
      { role: 'user', content: prompt },
    ];
    return { messages, references, fallback: fallbackAnswer(space.name, references) };
  },
};
