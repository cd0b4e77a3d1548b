// A chat mode that reads another page's data (database chat: 数据库; chat with tools: 工具库) needs that page's
// function as well as 智能问答's, on every call that lists, runs or confirms for it (D89). Without it the call is
// refused 403 with a Chinese reason, as the access hook refuses the page's own routes.
import { BASE_BUSINESS_FUNCS, CHAT_MODE_FORBIDDEN, CHAT_MODE_FUNCTIONS, CODE_FORBIDDEN, type ChatMode } from '../../contract/api';
import type { Deps } from '../deps';
import { HttpError } from '../http-error';
import { grantsOfUser } from '../identity/access';

/** Whether the user holds the function `mode` needs (modes without one: always). */
export async function holdsModeFunction(deps: Pick<Deps, 'db'>, userId: number, mode: ChatMode): Promise<boolean> {
  const needed = CHAT_MODE_FUNCTIONS[mode];
  if (!needed || BASE_BUSINESS_FUNCS.includes(needed)) return true;
  const { allFunc } = await grantsOfUser(deps, userId);
  return allFunc.includes(needed);
}

/** Refuses (403) a mode whose function the user lacks. */
export async function requireModeFunction(deps: Pick<Deps, 'db'>, userId: number, mode: ChatMode): Promise<void> {
  if (!(await holdsModeFunction(deps, userId, mode))) throw new HttpError(403, CHAT_MODE_FORBIDDEN(mode), CODE_FORBIDDEN);
}
