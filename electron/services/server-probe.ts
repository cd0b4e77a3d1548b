import { normalizeServerAddress, type ServerTestResult } from '../../contract/desktop';

/** A fetch-compatible function (Electron's net.fetch in the app: OS proxy and certificates). */
export type FetchLike = (url: string, init: { method: string; redirect: 'manual'; signal: AbortSignal }) => Promise<{ status: number }>;

/**
 * Probes a server address: any HTTP answer below 500 from its root means a server is there.
 * Redirects are not followed; the result carries a Chinese message for the dialog.
 */
export async function probeServer(address: string, fetchFn: FetchLike, timeoutMs = 5000): Promise<ServerTestResult> {
  const checked = normalizeServerAddress(address);
  if (!checked.ok) return { ok: false, status: null, message: checked.message };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchFn(`${checked.address}/`, { method: 'GET', redirect: 'manual', signal: controller.signal });
    if (res.status >= 500) return { ok: false, status: res.status, message: `服务器返回错误（${res.status}）` };
    return { ok: true, status: res.status, message: '连接成功' };
  } catch {
    return controller.signal.aborted
      ? { ok: false, status: null, message: '连接超时，请检查服务器地址' }
      : { ok: false, status: null, message: '无法连接到服务器，请检查地址和网络' };
  } finally {
    clearTimeout(timer);
  }
}
