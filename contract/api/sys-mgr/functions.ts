import { Type, type Static } from 'typebox';

/** Function types: 1 business area, 2 management area (the tree call's default). */
export const FuncType = Type.Union([Type.Literal(1), Type.Literal(2)]);
export type FuncType = Static<typeof FuncType>;

/** Params of the function tree: the type, 1 or 2. */
export const FuncTreeParams = Type.Object({ type: Type.Integer({ minimum: 1, maximum: 2 }) });
export type FuncTreeParams = Static<typeof FuncTreeParams>;

/** A button of a function; `builtin` buttons guard server calls, so their code cannot change nor they be deleted. */
export const FuncButton = Type.Object({
  id: Type.Number(),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Number(),
  builtin: Type.Boolean(),
});
export type FuncButton = Static<typeof FuncButton>;

const FuncFields = {
  id: Type.Number(),
  parentId: Type.Union([Type.Number(), Type.Null()]),
  name: Type.String(),
  path: Type.String(),
  icon: Type.String(),
  type: Type.Number(),
  sort: Type.Number(),
  hidden: Type.Boolean(),
  /** Shipped with the product: its path is fixed, and management ones cannot be deleted. */
  builtin: Type.Boolean(),
};

/** One function of the tree with its buttons; children are nodes of the same shape. */
export const FuncNode = Type.Object({
  ...FuncFields,
  buttons: Type.Array(FuncButton),
  // Recursive shape declared in the TypeScript type below; serialised as it is.
  children: Type.Array(Type.Any()),
});
/** A function of the tree. */
export type FuncNode = Omit<Static<typeof FuncNode>, 'children'> & { children: FuncNode[] };

/** A function as saved (no children, no buttons). */
export const FuncRecord = Type.Object(FuncFields);
export type FuncRecord = Static<typeof FuncRecord>;

/** Letters and digits, starting with a letter: button codes appear in grants as `path#code`. */
export const BUTTON_CODE_PATTERN = '^[A-Za-z][A-Za-z0-9]*$';

const funcBody = {
  name: Type.String({ minLength: 1, maxLength: 50 }),
  path: Type.String({ minLength: 1, maxLength: 200 }),
  icon: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.Integer({ minimum: 1, maximum: 2 }),
  parentId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  hidden: Type.Optional(Type.Boolean()),
};

/** Body of creating a function. */
export const FuncCreateBody = Type.Object(funcBody, { additionalProperties: false });
export type FuncCreateBody = Static<typeof FuncCreateBody>;

/** Body of updating a function (its id plus the fields of creation). */
export const FuncUpdateBody = Type.Object({ id: Type.Integer(), ...funcBody }, { additionalProperties: false });
export type FuncUpdateBody = Static<typeof FuncUpdateBody>;

/** Params naming one function. */
export const FuncIdParams = Type.Object({ id: Type.Integer() });

/** Params of a function's buttons. */
export const FuncButtonsParams = Type.Object({ functionId: Type.Integer() });

/** Params naming one button of a function. */
export const FuncButtonParams = Type.Object({ functionId: Type.Integer(), buttonId: Type.Integer() });

const buttonFields = {
  code: Type.String({ minLength: 1, maxLength: 50 }),
  name: Type.String({ minLength: 1, maxLength: 50 }),
  sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
};

/** Body of creating a button. */
export const ButtonCreateBody = Type.Object({ functionId: Type.Integer(), ...buttonFields }, { additionalProperties: false });
export type ButtonCreateBody = Static<typeof ButtonCreateBody>;

/** Body of updating one button of the function in the path. */
export const ButtonUpdateBody = Type.Object({ id: Type.Integer(), ...buttonFields }, { additionalProperties: false });
export type ButtonUpdateBody = Static<typeof ButtonUpdateBody>;
