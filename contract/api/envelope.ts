import { Type, type Static, type TSchema } from 'typebox';

export * from './envelope-family';


/** Platform family (`/api/sysMgr/*`, `/api/dataMgr/*`, `/api/login/*`): `{ code, message, results }`. */
export const PlatformEnvelope = <T extends TSchema>(results: T) =>
  Type.Object({ code: Type.Number(), message: Type.String(), results });

/** AI family (`/knowledge/*`, `/api/v1/*`, `/api/apps/*`, `/document/*`): `{ success, err_code, err_msg, data }` as in DB-GPT. */
export const AiEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({
    success: Type.Boolean(),
    err_code: Type.Union([Type.String(), Type.Null()]),
    err_msg: Type.Union([Type.String(), Type.Null()]),
    data,
  });

/** Error body of the platform family. */
export const PlatformError = Type.Object({ code: Type.Number(), message: Type.String(), results: Type.Null() });
export type PlatformError = Static<typeof PlatformError>;

/** Error body of the AI family. */
export const AiError = Type.Object({
  success: Type.Literal(false),
  err_code: Type.String(),
  err_msg: Type.String(),
  data: Type.Null(),
});
export type AiError = Static<typeof AiError>;
