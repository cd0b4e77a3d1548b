/** The icon of a function created without one (spec §9). */
export const DEFAULT_FUNC_ICON = 'iconfont icon_bangzhu';

/** How a function is named in the audit log: 名称（/path）. */
export function funcLabel(row: { name: string; path: string }): string {
  return `${row.name}（${row.path}）`;
}

const FIELD_NAMES: Record<string, string> = {
  name: '名称', path: '路径', icon: '图标', type: '类型', parentId: '上级功能', sort: '排序', hidden: '隐藏', code: '编码',
};

/** The changed fields as `名称：旧 → 新；…` for the audit detail (only fields with a Chinese name are compared). */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, label] of Object.entries(FIELD_NAMES)) {
    if (!(key in before) || before[key] === after[key]) continue;
    parts.push(`${label}：${String(before[key] ?? '无')} → ${String(after[key] ?? '无')}`);
  }
  return parts.length ? parts.join('；') : '无变化';
}

