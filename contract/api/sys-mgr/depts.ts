import { Type, type Static } from 'typebox';

import { DEPT_SORT_MAX } from './depts-limits';

export * from './depts-limits';

/** `:id` of the department calls (the root is -2). */
export const DeptIdParams = Type.Object({ id: Type.Integer() });
export type DeptIdParams = Static<typeof DeptIdParams>;

/** One node of the department tree (spec §3: id, name, disabled, children), with the screen's extras. */
export const DeptTreeNodeSchema = Type.Cyclic(
  {
    DeptTreeNode: Type.Object({
      id: Type.Number(),
      name: Type.String(),
      parentId: Type.Union([Type.Number(), Type.Null()]),
      code: Type.String(),
      sort: Type.Number(),
      /** Users directly in this department. */
      userCount: Type.Number(),
      /** Not pickable here (spec §3, §5): with `disableSubtreeOf`, that department and everything below it. */
      disabled: Type.Boolean(),
      children: Type.Array(Type.Ref('DeptTreeNode')),
    }),
  },
  'DeptTreeNode',
);
export type DeptTreeNode = {
  id: number;
  name: string;
  parentId: number | null;
  code: string;
  sort: number;
  userCount: number;
  disabled: boolean;
  children: DeptTreeNode[];
};

/**
 * Query of the tree call: `disableSubtreeOf` marks that department and its whole subtree `disabled`, so a
 * department form cannot offer them as the department's own parent (the server refuses such a move too).
 */
export const DeptTreeQuery = Type.Object({ disableSubtreeOf: Type.Optional(Type.Integer()) });
export type DeptTreeQuery = Static<typeof DeptTreeQuery>;

/** One department of a flat structure: the subtree in tree order, with its depth below the asked one (0). */
export const DeptFlatItem = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  parentId: Type.Union([Type.Number(), Type.Null()]),
  code: Type.String(),
  sort: Type.Number(),
  remark: Type.String(),
  level: Type.Number(),
  userCount: Type.Number(),
  childCount: Type.Number(),
});
export type DeptFlatItem = Static<typeof DeptFlatItem>;

/** One department with its parent's name and counts. */
export const Dept = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  parentId: Type.Union([Type.Number(), Type.Null()]),
  parentName: Type.String(),
  code: Type.String(),
  sort: Type.Number(),
  remark: Type.String(),
  userCount: Type.Number(),
  childCount: Type.Number(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Dept = Static<typeof Dept>;

/** Params of exist/:parentId/:name; `excludeId` (query) leaves out the department being edited. */
export const DeptExistParams = Type.Object({
  parentId: Type.Integer(),
  name: Type.String({ minLength: 1, maxLength: 200 }),
});
export const DeptExistQuery = Type.Object({ excludeId: Type.Optional(Type.Integer()) });

// The schema keeps generous limits; the handler checks the real ones with messages naming the field in Chinese.
const deptFields = {
  parentId: Type.Integer(),
  name: Type.String({ maxLength: 200 }),
  code: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: DEPT_SORT_MAX })),
  remark: Type.Optional(Type.String({ maxLength: 1000 })),
};

/** Body of POST depts. */
export const DeptCreateBody = Type.Object(deptFields, { additionalProperties: false });
export type DeptCreateBody = Static<typeof DeptCreateBody>;

/** Body of PUT depts: the department's id and its new fields. */
export const DeptUpdateBody = Type.Object({ id: Type.Integer(), ...deptFields }, { additionalProperties: false });
export type DeptUpdateBody = Static<typeof DeptUpdateBody>;
