import { Type, type Static } from 'typebox';

export { ACCOUNT_PATHS, HEALTH_PATHS } from './paths';

/** Who to unlock: by id or by username (query or body). */
export const UnlockUserParams = Type.Object(
  {
    userId: Type.Optional(Type.Integer()),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type UnlockUserParams = Static<typeof UnlockUserParams>;

/** Answer of the token call while an account is locked (D4). */
export const TokenLocked = Type.Object({
  error: Type.Literal('invalid_grant'),
  error_description: Type.Literal('Account locked'),
  lockedUntil: Type.String(),
});
export type TokenLocked = Static<typeof TokenLocked>;


/** Answer of the probes. */
export const HealthStatus = Type.Object({ status: Type.String() });
export type HealthStatus = Static<typeof HealthStatus>;
