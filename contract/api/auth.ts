import { Type, type Static } from 'typebox';
import { Grade, RoleRef, UserInfo } from './identity';

export { AUTH_PATHS } from './paths';

/**
 * Longest password field: an encrypted password (`enc1:…`, D91) of the longest plain one. A plain password is held
 * to 128 characters by the routes, with the same message the schema gave.
 */
const PASSWORD_FIELD_MAX = 2048;

/** Query of the token call (password grant); `password` plain or encrypted (D91). */
export const TokenQuery = Type.Object({
  grant_type: Type.Literal('password'),
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_FIELD_MAX }),
});
export type TokenQuery = Static<typeof TokenQuery>;

/** Answer of the token call. */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Number(),
});
export type TokenResponse = Static<typeof TokenResponse>;

/** Body of account-strategy/validate: the account to check (must be the caller's own). */
export const ValidateBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type ValidateBody = Static<typeof ValidateBody>;

/** Answer of account-strategy/validate. */
export const AccountStrategy = Type.Object({
  mustChangePassword: Type.Boolean(),
  locked: Type.Boolean(),
  lockedUntil: Type.Union([Type.String(), Type.Null()]),
  passwordMinLength: Type.Number(),
});
export type AccountStrategy = Static<typeof AccountStrategy>;

/** Query of user-detail. */
export const UserDetailQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 256 })),
  visitorId: Type.Optional(Type.String({ maxLength: 128 })),
});

/** Answer of user-detail: profile, roles, clearance, allowed grades, function and button access. */
export const UserDetail = Type.Object({
  user: UserInfo,
  /** The name of the user's department, shown where people read it (个人中心); null if it is gone. */
  deptName: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(RoleRef),
  clearance: Grade,
  grades: Type.Array(Grade),
  /** Route paths of the functions the user may open. */
  allFunc: Type.Array(Type.String()),
  /** Button grants keyed `path#code`. */
  allBtn: Type.Record(Type.String(), Type.Boolean()),
  mustChangePassword: Type.Boolean(),
});
export type UserDetail = Static<typeof UserDetail>;

/** Body of logout. */
/** Why the client ended the session (D92): its own sign-out, the idle clock, a 403 or a 401 it was answered. */
export const LogoutReason = Type.Union([Type.Literal('user'), Type.Literal('idle'), Type.Literal('forbidden'), Type.Literal('expired')]);
export type LogoutReason = Static<typeof LogoutReason>;

export const LogoutBody = Type.Object(
  { username: Type.String({ maxLength: 64 }), reason: Type.Optional(LogoutReason) },
  { additionalProperties: false },
);

/** Body of the own-password change; each field plain or encrypted (D91). */
export const PasswordChangeBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: PASSWORD_FIELD_MAX }),
    newPassword: Type.String({ minLength: 1, maxLength: PASSWORD_FIELD_MAX }),
  },
  { additionalProperties: false },
);
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** Answer of login-key (D91). */
export const LoginKeyAnswer = Type.Object({
  alg: Type.Union([Type.Literal('rsa'), Type.Literal('sm2')]),
  publicKey: Type.String(),
  nonce: Type.String(),
  serverTime: Type.Number(),
  expiresIn: Type.Number(),
  plainRefused: Type.Boolean(),
});

/** Licence information. */
export const License = Type.Object({
  licensedUsers: Type.Number(),
  usedUsers: Type.Number(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  expired: Type.Boolean(),
});
export type License = Static<typeof License>;
