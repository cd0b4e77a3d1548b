import { Type, type Static } from 'typebox';

export * from './identity-ids';

/** A role as the client sees it. */
export const RoleRef = Type.Object({ id: Type.Number(), name: Type.String() });
export type RoleRef = Static<typeof RoleRef>;

/** Logged-in user info (spec §3). */
export const UserInfo = Type.Object({
  id: Type.Number(),
  fullName: Type.String(),
  username: Type.String(),
  deptId: Type.Number(),
  roles: Type.Array(RoleRef),
});
export type UserInfo = Static<typeof UserInfo>;

/** One secrecy grade: code (ordered by rank) and its name. */
export const Grade = Type.Object({ code: Type.String(), text: Type.String(), rank: Type.Number() });
export type Grade = Static<typeof Grade>;

/** Resource grades of a user (spec §3): allowed grades, the lowest, code → name, and the list. */
export const ResourceGrades = Type.Object({
  allowed: Type.Array(Type.String()),
  lowest: Type.String(),
  map: Type.Record(Type.String(), Type.String()),
  list: Type.Array(Grade),
});
export type ResourceGrades = Static<typeof ResourceGrades>;
