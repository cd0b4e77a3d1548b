/** 部门管理 (filled in by the management issue). */
export function DeptMgrPage() {
  return <h2>部门管理</h2>;
}
