import { readPref, writePref } from '../../lib/ui-prefs';
import type { DataTableColumn, DataRow } from './types';

/** What a table keeps per user (D38): shown columns in their order, widths, and the sort. */
export type TableSettings = {
  visible: string[];
  widths: Record<string, number>;
  sort: { columnKey: string; order: 'descend' | 'ascend' } | null;
};

function isSettings(value: unknown): value is TableSettings {
  const v = value as TableSettings | null;
  return !!v && typeof v === 'object' && Array.isArray(v.visible) && v.visible.every((k) => typeof k === 'string')
    && !!v.widths && typeof v.widths === 'object';
}

/** The table's name when the page gives none: its route and its columns. */
export function defaultTableId(columns: { key: string }[]): string {
  const route = (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '') || window.location.pathname).split('?')[0];
  return `${route}|${columns.map((c) => c.key).join(',')}`;
}

/** The kept settings of table `id`, fitted to today's columns (unknown keys dropped), or the defaults. */
export function loadTableSettings<Row extends DataRow>(id: string, columns: DataTableColumn<Row>[]): TableSettings {
  const defaults: TableSettings = { visible: columns.filter((c) => !c.hidden).map((c) => c.key), widths: {}, sort: null };
  const saved = readPref<TableSettings | null>(`table:${id}`, null, (v): v is TableSettings | null => isSettings(v));
  if (!saved) return defaults;
  const keys = new Set(columns.map((c) => c.key));
  const sortable = new Set(columns.filter((c) => c.sortable).map((c) => c.key));
  const visible = saved.visible.filter((k) => keys.has(k));
  const widths = Object.fromEntries(Object.entries(saved.widths).filter(([k, w]) => keys.has(k) && typeof w === 'number' && w > 0));
  const sort = saved.sort && sortable.has(saved.sort.columnKey) && ['descend', 'ascend'].includes(saved.sort.order) ? saved.sort : null;
  return { visible: visible.length ? visible : defaults.visible, widths, sort };
}

export function saveTableSettings(id: string, settings: TableSettings): void {
  writePref(`table:${id}`, settings);
}
