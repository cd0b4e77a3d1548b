// The first half of an answer: check the request, take the dialogue and let the mode build the prompt, before
// anything is stored or streamed (server/chat/completion.ts streams and stores what this prepares).
import {
  CHAT_MESSAGES, DEFAULT_CHAT_MODE, DEFAULT_TEMPERATURE, type CompletionBody,
} from '../../contract/api';
import type { Actor, Deps } from '../deps';
import { badRequest, HttpError } from '../http-error';
import type { SessionUser } from '../identity/sessions';
import { viewerOf } from '../knowledge/visibility';
import { ownedDialogueWithMessages } from './dialogues';
import { historyWithinBudget, roundsOf } from './history';
import type { DialogueRef, PreparedAnswer } from './mode';
import { modeHandler } from './modes';
import type { ChatRuntime } from './runtime';
import { citedDocuments, withheldRounds } from './withheld';

export type PreparedCompletion = {
  /** Aborts the answer: the stop call, the client's disconnect, shutdown; also given to the mode. */
  controller: AbortController;
  dialogue: DialogueRef;
  question: string;
  round: number;
  model: string | null;
  temperature: number;
  maxTokens?: number;
  answer: PreparedAnswer;
  /** Whether the dialogue has no title yet (its first question names it). */
  untitled: boolean;
  /** Whether the round answers again a question already stored (its earlier answer is replaced). */
  regenerate: boolean;
  /** The knowledge documents the answer may draw on: its passages and the history's (chat/withheld.ts). */
  sourceDocs: number[];
};

/** Checks the request and builds the prompt; throws HttpError (before anything is stored or streamed). */
export async function prepareCompletion(
  deps: Deps, runtime: ChatRuntime, user: SessionUser, body: CompletionBody, actor?: Actor,
): Promise<PreparedCompletion> {
  const question = body.user_input.trim();
  if (!question) throw badRequest('请输入问题');
  const { dialogue: row, messages: stored, hasDocumentFiles } = await ownedDialogueWithMessages(deps, user.id, body.conv_uid);
  if (runtime.running.has(row.id)) throw new HttpError(409, '上一个回答尚未结束，请先停止或稍候');
  const chatMode = body.chat_mode ?? DEFAULT_CHAT_MODE;
  const handler = modeHandler(chatMode);
  if (!handler) throw badRequest('暂不支持该对话模式');
  const { models } = runtime;
  let model: string | null = null;
  if (models.configured) {
    const wanted = body.model_name?.trim();
    if (wanted && !models.hasChatModel(wanted)) throw badRequest(`${CHAT_MESSAGES.unknownModel}：${wanted}`);
    model = wanted || (row.modelName && models.hasChatModel(row.modelName) ? row.modelName : models.defaultModel);
  }
  const dialogue: DialogueRef = {
    id: row.id, convUid: row.convUid, ownerId: row.ownerId, chatMode,
    selectParam: body.select_param === undefined ? row.selectParam : body.select_param?.trim() || null,
    hasDocumentFiles,
  };
  const last = stored.reduce((max, m) => Math.max(max, m.round), 0);
  const regenerate = !!body.regenerate && last > 0;
  const round = regenerate ? last : last + 1;
  const viewer = await viewerOf(deps, user);
  // Answers citing documents the user may no longer read stay out of what the model is sent (chat/withheld.ts).
  const withheld = await withheldRounds(deps, viewer, stored);
  const kept = withheld.size ? stored.filter((m) => !withheld.has(m.round)) : stored;
  const history = historyWithinBudget(roundsOf(kept, round), deps.config.llmContextTokens);
  // Every earlier answer kept may be sent as history (a superset of the rounds that fit the budget: safe side).
  const historySources = kept.filter((m) => m.round < round).flatMap((m) => m.cited ?? []);
  const controller = new AbortController();
  const answer = await handler.prepare({
    deps, viewer, user, actor, dialogue, question, history, signal: controller.signal, modelConfigured: model !== null,
    complete: (messages, options) => {
      if (!model) throw new HttpError(400, CHAT_MESSAGES.noModel);
      return models.complete(model, messages, options ?? {}, controller.signal);
    },
  });
  // Checked again with no wait before taking the dialogue, so two requests cannot both answer it.
  if (runtime.running.has(row.id)) throw new HttpError(409, '上一个回答尚未结束，请先停止或稍候');
  runtime.running.set(row.id, controller);
  return {
    controller, dialogue, question, round, model, answer,
    temperature: body.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: body.max_new_tokens,
    untitled: row.title === '' || (round === 1 && regenerate),
    regenerate,
    sourceDocs: [...new Set([...historySources, ...citedDocuments(answer.references)])],
  };
}
