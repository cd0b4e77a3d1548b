import { Type } from 'typebox';

/**
 * The stored user info the client adds to every knowledge and chat payload (spec §7). The server ignores it and
 * uses the session; it is accepted so those bodies are not refused as having unknown properties.
 */
export const userInfoFields = {
  user_id: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 100 })])),
  user_name: Type.Optional(Type.String({ maxLength: 100 })),
  userInfo: Type.Optional(Type.Unknown()),
};
