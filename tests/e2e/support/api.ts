import { KNOWLEDGE_PATHS } from '../../../contract/api/paths';
import { DEMO_PASSWORD } from './server';

/** A bearer token for `username`, from the password grant the sign-in page uses. */
export async function tokenOf(url: string, username: string, password: string): Promise<string> {
  const q = new URLSearchParams({ grant_type: 'password', username, password });
  return ((await (await fetch(`${url}/api/login/webapi/auth/open/oauth-token?${q}`)).json()) as { access_token: string }).access_token;
}

/** A token for demo, the seeded user the API-level files act as. */
export function demoToken(url: string): Promise<string> {
  return tokenOf(url, 'demo', DEMO_PASSWORD);
}

/** POSTs JSON to the app's API with a bearer token; answers `data`, or throws the server's message. */
export async function callApi<T = unknown>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const json = await res.json() as { success: boolean; err_msg: string; data: T };
  if (!json.success) throw new Error(`${path}: ${json.err_msg}`);
  return json.data;
}

/** Waits until every document of `space` is processed (the server queues the demo space's at its first start). */
export async function spaceProcessed(url: string, token: string, space: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const docs = await callApi<{ data: { status: string }[] }>(url, token, KNOWLEDGE_PATHS.documentList.replace(':space', encodeURIComponent(space)), { page: 1, page_size: 50 });
    if (docs.data.length > 0 && docs.data.every((d) => d.status === 'FINISHED')) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`documents of ${space} were not processed in time`);
}

/** Uploads one document into `space` as the API does for the upload dialog, and starts its processing; answers its id. */
export async function uploadDocument(url: string, token: string, space: string, file: { name: string; bytes: Buffer; secrecy: string }): Promise<number> {
  const form = new FormData();
  form.append('secrecy', file.secrecy);
  form.append('doc_type', 'DOCUMENT');
  form.append('doc_file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const res = await fetch(`${url}${KNOWLEDGE_PATHS.upload.replace(':space', encodeURIComponent(space))}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form,
  });
  const json = await res.json() as { success: boolean; err_msg: string; data: number[] };
  if (!json.success) throw new Error(`upload of ${file.name}: ${json.err_msg}`);
  await callApi(url, token, KNOWLEDGE_PATHS.taskCreate, { doc_ids: json.data });
  return json.data[0];
}
