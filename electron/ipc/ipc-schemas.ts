import { Type, type Static, type TSchema } from 'typebox';
import type { DesktopBridge, DesktopMethod } from '../../contract/desktop';

const Purpose = Type.Union([Type.Literal('chat'), Type.Literal('testcase'), Type.Literal('knowledge')]);
const Extension = Type.String({ pattern: '^\\.?[A-Za-z0-9]{1,10}$' });
const Bytes = Type.Refine(Type.Unsafe<Uint8Array>({}), (v) => v instanceof Uint8Array && v.byteLength <= 512 * 1024 * 1024);
const Address = Type.String({ minLength: 1, maxLength: 2048 });

/** Argument lists of every bridge call, checked in main before any handler runs. */
export const IPC_ARGS = {
  appInfo: Type.Tuple([]),
  pickFiles: Type.Tuple([
    Type.Object(
      {
        purpose: Purpose,
        multiple: Type.Optional(Type.Boolean()),
        accept: Type.Optional(Type.Array(Extension, { maxItems: 32 })),
      },
      { additionalProperties: false },
    ),
  ]),
  saveFile: Type.Tuple([
    Type.Object(
      {
        suggestedName: Type.String({ minLength: 1, maxLength: 255 }),
        data: Type.Union([Type.String({ maxLength: 256 * 1024 * 1024 }), Bytes]),
        filters: Type.Optional(
          Type.Array(
            Type.Object(
              { name: Type.String({ maxLength: 64 }), extensions: Type.Array(Type.String({ pattern: '^[A-Za-z0-9*]{1,10}$' }), { maxItems: 16 }) },
              { additionalProperties: false },
            ),
            { maxItems: 8 },
          ),
        ),
      },
      { additionalProperties: false },
    ),
  ]),
  openExternal: Type.Tuple([Type.String({ maxLength: 2048 })]),
  getServerAddress: Type.Tuple([]),
  setServerAddress: Type.Tuple([Type.Union([Address, Type.Null()])]),
  testServerAddress: Type.Tuple([Address]),
} satisfies Record<DesktopMethod, TSchema>;

// Compile-time check: what the schemas accept is what the bridge declares.
type Accepts<M extends DesktopMethod> = Static<(typeof IPC_ARGS)[M]> extends Parameters<DesktopBridge[M]> ? true : never;
export const IPC_ARGS_MATCH_BRIDGE: { [M in DesktopMethod]: Accepts<M> } = {
  appInfo: true,
  pickFiles: true,
  saveFile: true,
  openExternal: true,
  getServerAddress: true,
  setServerAddress: true,
  testServerAddress: true,
};
