import type { Page } from 'playwright-core';
import { TOOL_PATHS } from '../../../contract/api';

/** A call of the app's API from the signed-in page (its own token). */
export function callAsPage<T>(page: Page, path: string, body: object): Promise<T> {
  return page.evaluate(async ([p, b]) => {
    const res = await fetch(p as string, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token') ?? ''}` }, body: JSON.stringify(b),
    });
    return (await res.json()) as never;
  }, [path, body] as const);
}

/**
 * Adds an MCP tool set through the API, granted to the signed-in user's own roles (a set granted to nobody is usable
 * by nobody, D89); answers its id.
 */
export async function addMcpSetForOwnRoles(page: Page, set: { name: string; url: string; credential?: string }): Promise<number> {
  const roles = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { roles?: { id: number }[] }).roles?.map((r) => r.id).join(',') ?? '');
  const added = await callAsPage<{ data: { id: number } }>(page, TOOL_PATHS.setAdd, { ...set, kind: 'mcp', secrecy: 'public', review_role: roles });
  return added.data.id;
}
