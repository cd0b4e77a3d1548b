import type { GrantFunction, RoleGrants } from '../../../../contract/api';

/** A node of the grant tree: a function point (key `f<id>`) or one of its buttons (key `b<id>`, a leaf). */
export type GrantNode = {
  key: string;
  title: string;
  kind: 'function' | 'button';
  /** Hidden functions are granted but not shown in the menu. */
  hidden: boolean;
  path: string;
  children: GrantNode[];
};

/** Parent and descendants of every key, to keep a strict (uncascaded) check state consistent. */
export type GrantIndex = { parent: Map<string, string>; descendants: Map<string, string[]> };

export const functionKey = (id: number) => `f${id}`;
export const buttonKey = (id: number) => `b${id}`;

function toNode(f: GrantFunction): GrantNode {
  const key = functionKey(f.id);
  const buttons: GrantNode[] = f.buttons.map((b) => ({
    key: buttonKey(b.id), title: b.name, kind: 'button', hidden: false, path: `${f.path}#${b.code}`, children: [],
  }));
  return { key, title: f.name, kind: 'function', hidden: f.hidden, path: f.path, children: [...buttons, ...f.children.map(toNode)] };
}

/** The grant tree of one function type (1 business, 2 management): buttons first, then child functions. */
export function sectionTree(functions: GrantFunction[], type: number): GrantNode[] {
  return functions.filter((f) => f.type === type).map(toNode);
}

/** Parents and descendants of every node of the trees. */
export function indexTrees(trees: GrantNode[]): GrantIndex {
  const parent = new Map<string, string>();
  const descendants = new Map<string, string[]>();
  const walk = (node: GrantNode): string[] => {
    const below = node.children.flatMap((child) => {
      parent.set(child.key, node.key);
      return [child.key, ...walk(child)];
    });
    descendants.set(node.key, below);
    return below;
  };
  trees.forEach(walk);
  return { parent, descendants };
}

/**
 * The check state after one node is ticked or unticked. Ticking checks its parents (a button needs its
 * function, a function its menu parents) and everything below it; unticking clears everything below.
 * A function may stay ticked with none of its buttons: it is then granted without buttons.
 */
export function toggle(checked: ReadonlySet<string>, key: string, on: boolean, index: GrantIndex): Set<string> {
  const next = new Set(checked);
  const below = index.descendants.get(key) ?? [];
  if (on) {
    next.add(key);
    below.forEach((k) => next.add(k));
    for (let p = index.parent.get(key); p; p = index.parent.get(p)) next.add(p);
  } else {
    next.delete(key);
    below.forEach((k) => next.delete(k));
  }
  return next;
}

/** The keys checked for what a role holds. */
export function checkedOf(grants: Pick<RoleGrants, 'functionIds' | 'buttonIds'>): Set<string> {
  return new Set([...grants.functionIds.map(functionKey), ...grants.buttonIds.map(buttonKey)]);
}

/** The body of the grants call for a check state. */
export function grantsBody(checked: ReadonlySet<string>): { functionIds: number[]; buttonIds: number[] } {
  const ids = (prefix: string) =>
    [...checked].filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(1))).sort((a, b) => a - b);
  return { functionIds: ids('f'), buttonIds: ids('b') };
}

/** Nodes whose title or path contains the text, with their ancestors (and, for a matched function, all below it). */
export function filterGrantTree(nodes: GrantNode[], text: string): GrantNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return nodes;
  return nodes.flatMap((node) => {
    if (node.title.toLowerCase().includes(needle) || node.path.toLowerCase().includes(needle)) return [node];
    const children = filterGrantTree(node.children, needle);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** How many functions and buttons of the trees are checked. */
export function countChecked(trees: GrantNode[], checked: ReadonlySet<string>): { functions: number; buttons: number } {
  let functions = 0;
  let buttons = 0;
  const walk = (node: GrantNode) => {
    if (checked.has(node.key)) {
      if (node.kind === 'function') functions++;
      else buttons++;
    }
    node.children.forEach(walk);
  };
  trees.forEach(walk);
  return { functions, buttons };
}
