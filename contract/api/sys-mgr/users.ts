import { Type, type Static } from 'typebox';
import { RoleRef } from '../identity';

export { USER_PATHS } from '../paths';

// A type list, not anyOf: the response serialiser then needs no validation per field (the list is hot).
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** One user as the personnel screen lists it; `system` is the string flag the data table expects. */
export const UserListItem = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  fullName: Type.String(),
  deptId: Type.Number(),
  deptName: Type.String(),
  mobile: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  position: Type.String(),
  remark: Type.String(),
  clearance: Type.String(),
  clearanceName: Type.String(),
  roles: Type.Array(RoleRef),
  disabled: Type.Boolean(),
  /** Signed-in lock in force now (too many failed sign-ins). */
  locked: Type.Boolean(),
  lockedUntil: NullableString,
  mustChangePassword: Type.Boolean(),
  /** 'true' for the system accounts -1..-3, which cannot be edited or deleted. */
  system: Type.Enum(['true', 'false']),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type UserListItem = Static<typeof UserListItem>;

/** Query of the user list: paging, the spec §3 filter (JSON text), department subtree, keyword, sorting (JSON text). */
export const UserListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  /** JSON text of a QueryFilter list (spec §3). */
  filters: Type.Optional(Type.String({ maxLength: 20000 })),
  /** Only users of this department and its sub-departments; the root -2 means everyone. */
  deptId: Type.Optional(Type.Integer()),
  /** Matches username, full name, mobile or e-mail (case-insensitive substring). */
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  /** Only users whose sign-in is locked now (true) or not locked (false). */
  locked: Type.Optional(Type.Boolean()),
  /** JSON text of a sort item `{ property, direction }` (spec §3). */
  sorting: Type.Optional(Type.String({ maxLength: 200 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

/** A page of users. */
export const UserPage = Type.Object({
  list: Type.Array(UserListItem),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
});
export type UserPage = Static<typeof UserPage>;

const Text = (max: number) => Type.String({ maxLength: max });

/** Editable fields of a user (the system administrator's side; clearance is the security administrator's). */
const UserFields = {
  fullName: Type.String({ maxLength: 50 }),
  deptId: Type.Integer(),
  mobile: Type.Optional(Text(20)),
  phone: Type.Optional(Text(30)),
  email: Type.Optional(Text(254)),
  position: Type.Optional(Text(50)),
  remark: Type.Optional(Text(500)),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
};

/** Body of the create call. */
export const UserCreateBody = Type.Object(
  { username: Type.String({ maxLength: 32 }), ...UserFields },
  { additionalProperties: false },
);
export type UserCreateBody = Static<typeof UserCreateBody>;

/** Body of the update call (the username of an existing account cannot change). */
export const UserUpdateBody = Type.Object(
  { id: Type.Integer(), username: Type.Optional(Type.String({ maxLength: 32 })), ...UserFields },
  { additionalProperties: false },
);
export type UserUpdateBody = Static<typeof UserUpdateBody>;

/** A user with the one-time password just given to it (create, reset password). */
export const UserWithPassword = Type.Object({
  user: UserListItem,
  /** Shown once; the user must change it at the first sign-in. */
  password: Type.String(),
});
export type UserWithPassword = Static<typeof UserWithPassword>;

/** Answer of reset-password. */
export const ResetPasswordResult = Type.Object({ username: Type.String(), password: Type.String() });
export type ResetPasswordResult = Static<typeof ResetPasswordResult>;

/** Path parameter `:id`. */
export const UserIdParams = Type.Object({ id: Type.Integer() });
export type UserIdParams = Static<typeof UserIdParams>;

/** Query of validation-name-unique. */
export const UsernameQuery = Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }) });

/** Body of the clearance call. */
export const ClearanceBody = Type.Object({ clearance: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });
export type ClearanceBody = Static<typeof ClearanceBody>;

/** Problems of one row of an import file (row = the sheet's row number). */
export const ImportRowReport = Type.Object({
  row: Type.Number(),
  username: Type.String(),
  fullName: Type.String(),
  deptPath: Type.String(),
  problems: Type.Array(Type.String()),
});
export type ImportRowReport = Static<typeof ImportRowReport>;

/** A user created by an import, with its one-time password. */
export const ImportedUser = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  fullName: Type.String(),
  password: Type.String(),
});
export type ImportedUser = Static<typeof ImportedUser>;

/** Answer of the import: every row's report; on a real import without problems, the created users. */
export const ImportResult = Type.Object({
  dryRun: Type.Boolean(),
  total: Type.Number(),
  valid: Type.Number(),
  invalid: Type.Number(),
  rows: Type.Array(ImportRowReport),
  created: Type.Array(ImportedUser),
});
export type ImportResult = Static<typeof ImportResult>;
