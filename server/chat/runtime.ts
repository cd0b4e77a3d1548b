import type { Config } from '../config';
import { modelsOf, type Models } from '../llm/models';

/** What the chat keeps in one server process: the models with their queues, and the answers streaming now. */
export type ChatRuntime = {
  models: Models;
  /** Per dialogue id, the abort controller of its running answer (stop, disconnect, shutdown). */
  running: Map<number, AbortController>;
  /** Answers still being streamed or stored; shutdown waits for them after aborting. */
  inflight: Set<Promise<unknown>>;
};

export function createChatRuntime(config: Config): ChatRuntime {
  return { models: modelsOf(config), running: new Map(), inflight: new Set() };
}
