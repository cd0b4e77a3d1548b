import type { DictOption, DictTreeNode } from './dicts';

/**
 * The options of a dictionary select from a tree4def answer's `children` (spec §7): the enabled entries
 * depth-first, a sub-entry's label carrying its parents (`软密封 / PTFE 软密封`), `id` the entry's code.
 */
export function dictTreeOptions(nodes: DictTreeNode[], prefix = ''): DictOption[] {
  return nodes.flatMap((n) => {
    if (n.disabled) return [];
    const name = prefix ? `${prefix} / ${n.name}` : n.name;
    return [{ name, id: n.code }, ...dictTreeOptions(n.children, name)];
  });
}

export const DICT_ITEM_CODE_MAX = 64;
export const DICT_ITEM_NAME_MAX = 50;
export const DICT_ITEM_SORT_MAX = 9999;

/** The problems of an entry body, in Chinese (the same rules on the client and the server). */
export function dictItemProblems(body: { code?: string; name?: string; sort?: number }): string[] {
  const problems: string[] = [];
  const code = (body.code ?? '').trim();
  const name = (body.name ?? '').trim();
  if (!code) problems.push('请输入编码');
  else if (code.length > DICT_ITEM_CODE_MAX) problems.push(`编码不能超过 ${DICT_ITEM_CODE_MAX} 个字符`);
  else if (!/^[A-Za-z0-9_.-]+$/.test(code)) problems.push('编码只能包含字母、数字、下划线、点和短横线');
  if (!name) problems.push('请输入名称');
  else if ([...name].length > DICT_ITEM_NAME_MAX) problems.push(`名称不能超过 ${DICT_ITEM_NAME_MAX} 个字符`);
  if (body.sort !== undefined && (!Number.isInteger(body.sort) || body.sort < 0 || body.sort > DICT_ITEM_SORT_MAX)) {
    problems.push(`排序须为 0 到 ${DICT_ITEM_SORT_MAX} 的整数`);
  }
  return problems;
}
