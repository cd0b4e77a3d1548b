// What a chat mode contributes to an answer. The completion pipeline (server/chat/completion.ts) owns the
// dialogue, the stream, storage, the model queue and aborts; a mode only decides what the model is told and
// what follows the model's text.
import type { ChartView, ChatMode, Citation } from '../../contract/api';
import type { Actor, Deps } from '../deps';
import type { SessionUser } from '../identity/sessions';
import type { Viewer } from '../knowledge/visibility';

import type { LlmMessage } from '../llm/models';
import type { CompletionFrame } from '../../contract/api';

export type { LlmMessage };

/** The dialogue an answer belongs to. */
export type DialogueRef = {
  id: number;
  convUid: string;
  ownerId: number;
  chatMode: ChatMode;
  selectParam: string | null;
  /** Whether the dialogue has processed documents of its own (file chat), when the pipeline already knows. */
  hasDocumentFiles?: boolean;
};

export type ModeContext = {
  deps: Deps;
  viewer: Viewer;
  /** The asker's session user (department, clearance). */
  user: SessionUser;
  /** The asker, for the audit log (database chat audits every statement). */
  actor?: Actor;
  dialogue: DialogueRef;
  question: string;
  /** Earlier rounds, oldest first, already cut to the token budget. */
  history: LlmMessage[];
  /** Aborted when the user stops or disconnects. */
  signal: AbortSignal;
  /** Whether a chat model is configured; when not, the mode may still answer through `fallback`. */
  modelConfigured: boolean;
  /** A whole (not streamed) answer from the dialogue's model, through its concurrency queue; for corrections. */
  complete(messages: LlmMessage[], options?: { temperature?: number; maxTokens?: number }): Promise<string>;
};

/** What the pipeline does once the model's text is complete. */
export type ModeFinish = {
  /** Text appended to the answer (streamed to the client and stored). */
  appendText?: string;
  chart?: ChartView;
};

/** What a mode may send while `finish` runs: a chart frame with the rows read so far (replaced by the final one). */
export type FinishProgress = { chart(chart: ChartView): void };

export type PreparedAnswer = {
  /** The messages sent to the model (system prompt, history, question with its context). */
  messages: LlmMessage[];
  /** Citations sent as the final frame and stored with the answer. */
  references?: Citation[];
  /** The answer to give when no model is configured (e.g. the best passages); absent → the 未配置大模型 message. */
  fallback?: string;
  /** The whole answer, given without asking the model (e.g. no passage reached the space's 召回阈值). */
  reply?: string;
  /** Runs after the model's text (e.g. the SQL of a spreadsheet answer); not run when the answer was stopped. */
  finish?: (answer: string, progress: FinishProgress) => Promise<ModeFinish>;
  /** The database connection the answer reads: it is withheld once the user may no longer use it (D89). */
  sourceConnection?: number;
  /** The grade of content the answer shows besides its citations (a database connection's); raises the dialogue's. */
  grade?: string;
  /**
   * Answers in several model turns (chat with tools) instead of one stream of `messages`: yields the answer's
   * text and sends its own frames (tool calls). Used only when a model is configured.
   */
  run?: (io: AnswerRun) => AsyncGenerator<string>;
};

/** What a multi-turn answer is given by the pipeline. */
export type AnswerRun = {
  model: string;
  round: number;
  temperature: number;
  maxTokens?: number;
  signal: AbortSignal;
  /** Sends a frame to the client (not text: text is what the run yields). */
  frame(frame: CompletionFrame): void;
};

export type ChatModeHandler = {
  mode: ChatMode;
  /** Refuses (throws HttpError 400 with a Chinese message) a missing or foreign `select_param`. */
  prepare(ctx: ModeContext): Promise<PreparedAnswer>;
};
