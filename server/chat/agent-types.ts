// What the tools loop hands between its steps (agent.ts offers and loops, agent-call.ts calls one tool): the tools
// offered for a question and the loop's environment.
import type { Actor, Deps } from '../deps';
import type { AgentMessage } from '../llm/models';
import type { ToolRow, ToolSetRow, ToolUser } from '../tools/sets';
import type { Grade } from './agent-grade';

export type OfferedTool = { fn: string; tool: ToolRow; set: ToolSetRow };

export type Toolbox = {
  offered: OfferedTool[];
  /** Sets kept out by the dialogue's grade, with the reason to show. */
  blocked: { set: ToolSetRow; reason: string }[];
  /** Enabled tools that did not fit the budget. */
  leftOut: number;
  /** Tool names of the blocked sets (as named and as a function name), with the reason a call to one is refused. */
  blockedNames: Map<string, string>;
};

export type AgentEnv = {
  deps: Deps;
  user: ToolUser;
  actor: Actor;
  dialogueId: number;
  grade: Grade | null;
  /** The secrecy grades by code, read once for the question. */
  grades: Map<string, Grade>;
  box: Toolbox;
  /** System prompt, history and question. */
  messages: AgentMessage[];
  /** Said at the start of the answer (sets kept out by the ceiling). */
  notice: string;
  confirmTimeoutMs?: number;
};
