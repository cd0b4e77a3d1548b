import { Type, type Static } from 'typebox';

/** Query of model-desc/static-enum: the model and its column. */
export const StaticEnumQuery = Type.Object({
  modelId: Type.String({ minLength: 1, maxLength: 64 }),
  sColumnName: Type.String({ minLength: 1, maxLength: 64 }),
});
export type StaticEnumQuery = Static<typeof StaticEnumQuery>;

/** One static-enum option (spec §3: label and value). */
export const EnumOptionSchema = Type.Object({ label: Type.String(), value: Type.Union([Type.String(), Type.Number()]) });

/** Results of static-enum: the options and whether several may be chosen. */
export const StaticEnum = Type.Object({ options: Type.Array(EnumOptionSchema), multiple: Type.Boolean() });
export type StaticEnum = Static<typeof StaticEnum>;

/** `:dictCode` of the dictionary calls. */
export const DictCodeParams = Type.Object({ dictCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) });
export type DictCodeParams = Static<typeof DictCodeParams>;

/** A node of a tree of coded entries, to any depth: a dictionary's (tree4def) or the tbom tree. */
type CodedNode = { id: number; name: string; code: string; disabled: boolean; children: CodedNode[] };

/** The schema of a `CodedNode`, named `name` where it refers to itself. */
function codedNodeSchema(name: string) {
  return Type.Cyclic(
    {
      [name]: Type.Object({
        id: Type.Number(),
        name: Type.String(),
        code: Type.String(),
        disabled: Type.Boolean(),
        children: Type.Array(Type.Ref(name)),
      }),
    },
    name,
  );
}

/** A node of a dictionary tree (tree4def). */
export const DictTreeNodeSchema = codedNodeSchema('DictTreeNode');
export type DictTreeNode = CodedNode;

/** Results of tree4def: the dictionary and its entries as a tree. */
export const DictTree = Type.Object({ code: Type.String(), name: Type.String(), children: Type.Array(DictTreeNodeSchema) });
export type DictTree = { code: string; name: string; children: DictTreeNode[] };

/** A dictionary option of a dictionary select (spec §3: name and id); `id` is the entry's code. */
export const DictOption = Type.Object({ name: Type.String(), id: Type.String() });
export type DictOption = Static<typeof DictOption>;

/** One dictionary group (common, knowledge, project, task-center, rd-config) with its dictionaries. */
export const DictGroup = Type.Object({
  code: Type.String(),
  name: Type.String(),
  dictionaries: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), itemCount: Type.Number() })),
});
export type DictGroup = Static<typeof DictGroup>;

/** Query of the tbom selector tree: Like match on name or code. */
export const TbomQuery = Type.Object({ filter: Type.Optional(Type.String({ maxLength: 100 })) });
export type TbomQuery = Static<typeof TbomQuery>;

/** A node of the tbom tree (spec §3: id, name, disabled, children), with its code. */
export const TbomNodeSchema = codedNodeSchema('TbomNode');
export type TbomNode = CodedNode;

/** `:dictCode` and `:id` of an entry call. */
export const DictItemParams = Type.Object({
  dictCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  id: Type.Integer({ minimum: 1 }),
});
export type DictItemParams = Static<typeof DictItemParams>;

/** An entry as the management table shows it; `system` is the string flag of the generic table (spec §3). */
export const DictItem = Type.Object({
  id: Type.Integer(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  code: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  disabled: Type.Boolean(),
  system: Type.Union([Type.Literal('true'), Type.Literal('false')]),
});
export type DictItem = Static<typeof DictItem>;

/** Body of adding or editing an entry (a system entry's code and parent stay as they are). */
export const DictItemBody = Type.Object({
  code: Type.String({ maxLength: 200 }),
  name: Type.String({ maxLength: 200 }),
  // Null first: with type coercion a null would otherwise become the integer 0.
  parentId: Type.Optional(Type.Union([Type.Null(), Type.Integer()])),
  sort: Type.Optional(Type.Integer()),
}, { additionalProperties: false });
export type DictItemBody = Static<typeof DictItemBody>;

/** Body of disabling (true) or enabling (false) an entry. */
export const DictItemDisableBody = Type.Object({ disabled: Type.Boolean() }, { additionalProperties: false });
export type DictItemDisableBody = Static<typeof DictItemDisableBody>;


/** Query of the error log (错误日志, issue 17). */
export const ErrorLogQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('job'), Type.Literal('model'), Type.Literal('database')])),
  startTime: Type.Optional(Type.String({ maxLength: 40 })),
  endTime: Type.Optional(Type.String({ maxLength: 40 })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type ErrorLogQuery = Static<typeof ErrorLogQuery>;

/** One entry of the error log: no request values, the detail redacted. */
export const ErrorLogEntry = Type.Object({
  id: Type.Number(),
  at: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  requestId: Type.String(),
  method: Type.String(),
  route: Type.String(),
  status: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  summary: Type.String(),
  detail: Type.String(),
});
export type ErrorLogEntry = Static<typeof ErrorLogEntry>;

export const ErrorLogPage = Type.Object({ list: Type.Array(ErrorLogEntry), total: Type.Integer() });
export type ErrorLogPage = Static<typeof ErrorLogPage>;
