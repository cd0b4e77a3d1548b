/** 功能点管理 (filled in by the management issue). */
export function FuncMgrPage() {
  return <h2>功能点管理</h2>;
}
