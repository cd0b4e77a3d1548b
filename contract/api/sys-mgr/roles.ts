import { Type, type Static } from 'typebox';

import { ROLE_MEMBERS_MAX } from './roles-limits';

export * from './roles-limits';

/** One role of the list: `system` is the string 'true' or 'false' (the data table's system flag). */
export const RoleItem = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  system: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  memberCount: Type.Number(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type RoleItem = Static<typeof RoleItem>;

/** Query of the role list: paged when `page` is given (otherwise every role), filtered by `keyword`. */
export const RoleListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    /** Sort property: name, memberCount or createdAt (default: system roles first, then by id). */
    property: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('memberCount'), Type.Literal('createdAt')])),
    direction: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  },
  { additionalProperties: false },
);
export type RoleListQuery = Static<typeof RoleListQuery>;

/** A page of roles. */
export const RolePage = Type.Object({
  list: Type.Array(RoleItem),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
});
export type RolePage = Static<typeof RolePage>;

/** `{ name, id }` option of a select (dictionary option of spec §3). */
export const RoleOption = Type.Object({ name: Type.String(), id: Type.Number() });
export type RoleOption = Static<typeof RoleOption>;

/** `:id` of the role calls. */
export const RoleIdParams = Type.Object({ id: Type.Integer() });
export type RoleIdParams = Static<typeof RoleIdParams>;

// Lengths are checked again in the handler with the field's Chinese name; the schema only bounds the input.
const nameField = Type.String({ maxLength: 1000 });
const descriptionField = Type.String({ maxLength: 5000 });

/** Body of the role creation. */
export const RoleCreateBody = Type.Object(
  { name: nameField, description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
export type RoleCreateBody = Static<typeof RoleCreateBody>;

/** Body of the role update. */
export const RoleUpdateBody = Type.Object(
  { id: Type.Integer(), name: nameField, description: Type.Optional(descriptionField) },
  { additionalProperties: false },
);
export type RoleUpdateBody = Static<typeof RoleUpdateBody>;

/** A member of a role. */
export const RoleMember = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  fullName: Type.String(),
  deptName: Type.String(),
  disabled: Type.Boolean(),
});
export type RoleMember = Static<typeof RoleMember>;

/** Body of the member replacement: every member the role should have. */
export const RoleMembersBody = Type.Object(
  { userIds: Type.Array(Type.Integer(), { maxItems: ROLE_MEMBERS_MAX }) },
  { additionalProperties: false },
);
export type RoleMembersBody = Static<typeof RoleMembersBody>;

/** A button of a function in the grants tree. */
export const GrantButton = Type.Object({ id: Type.Number(), code: Type.String(), name: Type.String() });
export type GrantButton = Static<typeof GrantButton>;

/** A function point in the grants tree, with its buttons and child functions. */
export type GrantFunction = {
  id: number;
  name: string;
  path: string;
  /** 1 = business area, 2 = management area. */
  type: number;
  hidden: boolean;
  buttons: GrantButton[];
  children: GrantFunction[];
};
export const GrantFunction = Type.Cyclic(
  {
    GrantFunction: Type.Object({
      id: Type.Number(),
      name: Type.String(),
      path: Type.String(),
      type: Type.Number(),
      hidden: Type.Boolean(),
      buttons: Type.Array(GrantButton),
      children: Type.Array(Type.Ref('GrantFunction')),
    }),
  },
  'GrantFunction',
);

/** Answer of the grants read: what the role holds, and every function of both types to render the tree. */
export const RoleGrants = Type.Object({
  roleId: Type.Number(),
  system: Type.Boolean(),
  functionIds: Type.Array(Type.Number()),
  buttonIds: Type.Array(Type.Number()),
  functions: Type.Array(GrantFunction),
});
export type RoleGrants = {
  roleId: number;
  system: boolean;
  functionIds: number[];
  buttonIds: number[];
  functions: GrantFunction[];
};

/** Body of the grants replacement. */
export const RoleGrantsBody = Type.Object(
  {
    functionIds: Type.Array(Type.Integer(), { maxItems: 5000 }),
    buttonIds: Type.Array(Type.Integer(), { maxItems: 20000 }),
  },
  { additionalProperties: false },
);
export type RoleGrantsBody = Static<typeof RoleGrantsBody>;
