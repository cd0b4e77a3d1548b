/** 人员管理 (filled in by the management issue). */
export function UserMgrPage() {
  return <h2>人员管理</h2>;
}
