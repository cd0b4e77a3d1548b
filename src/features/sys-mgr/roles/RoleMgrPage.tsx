/** 角色管理 (filled in by the management issue). */
export function RoleMgrPage() {
  return <h2>角色管理</h2>;
}
