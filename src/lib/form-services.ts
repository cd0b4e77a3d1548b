import { DEPT_PATHS, DICT_PATHS, dictTreeOptions, fillPath, ROOT_DEPT_ID } from '../../contract/api/runtime';
import type { DeptTreeNode, DictTree, StaticEnum, TbomNode } from '../../contract/api';
import type { FormServices, PickNode } from '../components/form';
import { http, unwrap } from './http';

/**
 * Selector loads are silent: a form shows 暂无数据 rather than a toast (or, on a 403, the end of the
 * session) when a list cannot be read.
 */
async function get<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  const response = await http.get(url, { params, silent: true });
  return unwrap<T>(url, response.data);
}

/** Records of an option call: a list, or the `list` of a paged answer. */
function recordsOf(results: unknown): Record<string, unknown>[] {
  if (Array.isArray(results)) return results as Record<string, unknown>[];
  const list = (results as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
}

/** The calls behind the kit's dictionary, static-enum, department and tbom selects (spec §7 paths). */
export const appFormServices: FormServices = {
  fetchOptions: async (url, params) => recordsOf(await get<unknown>(url, params)),
  // spec §7: the dictionary loader reads tree4def and offers its enabled entries.
  fetchDict: async (dictCode) => dictTreeOptions((await get<DictTree>(fillPath(DICT_PATHS.tree4def, { dictCode }))).children ?? []),
  fetchStaticEnum: async (modelId, sColumnName) => get<StaticEnum>(DICT_PATHS.staticEnum, { modelId, sColumnName }),
  loadDeptTree: async (options) =>
    get<DeptTreeNode[]>(fillPath(DEPT_PATHS.tree, { id: ROOT_DEPT_ID }), options?.disableSubtreeOf === undefined ? undefined : { disableSubtreeOf: options.disableSubtreeOf }) as Promise<PickNode[]>,
  loadTbomTree: async (filter) => get<TbomNode[]>(DICT_PATHS.tbom, filter ? { filter } : undefined) as Promise<PickNode[]>,
};
