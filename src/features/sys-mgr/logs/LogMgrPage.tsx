/** 日志管理 (filled in by the management issue). */
export function LogMgrPage() {
  return <h2>日志管理</h2>;
}
