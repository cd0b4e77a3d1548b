/** Result of checking a server address typed by a user or preset by IT. */
export type AddressCheck = { ok: true; address: string } | { ok: false; message: string };

/**
 * Normalises a server address to its origin (`https://kb.corp:8443`).
 * A missing scheme means http (intranet servers are often typed as `10.0.0.5:8080`);
 * only http(s), no user-info, no path, query or fragment.
 */
export function normalizeServerAddress(input: string): AddressCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: '请输入服务器地址' };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: '服务器地址格式不正确' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: '服务器地址仅支持 http 或 https' };
  }
  if (url.username || url.password) return { ok: false, message: '服务器地址不能包含用户名或密码' };
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return { ok: false, message: '服务器地址只能包含协议、主机和端口' };
  }
  if (!url.hostname) return { ok: false, message: '服务器地址格式不正确' };
  return { ok: true, address: url.origin };
}
