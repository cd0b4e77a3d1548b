// Chat modes and their handlers. A mode absent here is refused by the completion call (暂不支持该对话模式).
import type { ChatMode } from '../../../contract/api';
import type { ChatModeHandler } from '../mode';
import { agentMode } from './agent';
import { dbExecuteMode, dbQaMode } from './database';
import { excelMode } from './excel';
import { knowledgeMode } from './knowledge';
import { normalMode } from './normal';

const handlers = new Map<ChatMode, ChatModeHandler>();

/** Adds a mode's handler (the spreadsheet mode registers itself the same way). */
export function registerMode(handler: ChatModeHandler): void {
  handlers.set(handler.mode, handler);
}

registerMode(normalMode);
registerMode(knowledgeMode);
registerMode(excelMode);
registerMode(dbExecuteMode);
registerMode(dbQaMode);
registerMode(agentMode);

export function modeHandler(mode: ChatMode): ChatModeHandler | undefined {
  return handlers.get(mode);
}
