// Test-case generation calls (spec §7; issue 14). Answers use the AI family's envelope.
import { Type, type Static } from 'typebox';
import { CASE_PRIORITIES, CASE_TYPES, TASK_STATUSES, TESTCASE_LIMITS } from './testcase-limits';

export * from './testcase-limits';

export const TaskStatusSchema = Type.Enum(TASK_STATUSES);

const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength });

/** One step of a case with its expected result. */
export const CaseStep = Type.Object({ step: Text(1000, 1), expected: Text(1000, 1) });
export type CaseStep = Static<typeof CaseStep>;

/** A generated test case (MeterSphere's case record, issue 14). */
export const TestCase = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  title: Type.String(),
  module: Type.String(),
  precondition: Type.String(),
  steps: Type.Array(CaseStep),
  priority: Type.String(),
  case_type: Type.String(),
  item_id: Type.Integer(),
  item_code: Type.String(),
});
export type TestCase = Static<typeof TestCase>;

/** One entry of task_status. */
export const TaskState = Type.Object({
  task_id: Type.String(),
  item_id: Type.Integer(),
  status: TaskStatusSchema,
  status_name: Type.String(),
  position: Type.Integer(),
  progress: Type.Integer(),
  reason: Type.String(),
  cases: Type.Array(TestCase),
});
export type TaskState = Static<typeof TaskState>;

export const GenerateResult = Type.Object({ generation_id: Type.String(), task_ids: Type.Array(Type.String()) });
export type GenerateResult = Static<typeof GenerateResult>;

export const TaskIdsBody = Type.Object({
  task_ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: TESTCASE_LIMITS.maxTaskIds }),
});
export type TaskIdsBody = Static<typeof TaskIdsBody>;

/** A requirement item of a generation, as split from its source. */
export const RequirementItem = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  code: Type.String(),
  module: Type.String(),
  title: Type.String(),
  text: Type.String(),
  skip_reason: Type.String(),
  task_id: Type.String(),
});
export type RequirementItem = Static<typeof RequirementItem>;

/** A generation in the list. */
export const Generation = Type.Object({
  generation_id: Type.String(),
  name: Type.String(),
  source_name: Type.String(),
  secrecy: Type.String(),
  secrecy_name: Type.String(),
  owner: Type.String(),
  archived: Type.Boolean(),
  items: Type.Integer(),
  done: Type.Integer(),
  covered: Type.Integer(),
  cases: Type.Integer(),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
});
export type Generation = Static<typeof Generation>;

export const GenerationListBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Text(100)),
  archived: Type.Optional(Type.Boolean()),
});
export type GenerationListBody = Static<typeof GenerationListBody>;

export const GenerationList = Type.Object({ total: Type.Integer(), data: Type.Array(Generation) });
export type GenerationList = Static<typeof GenerationList>;

/** A generation with its items and their tasks (the generation's page). */
export const GenerationDetail = Type.Object({
  generation: Generation,
  items: Type.Array(RequirementItem),
  tasks: Type.Array(TaskState),
  uncovered: Type.Array(Type.Integer()),
});
export type GenerationDetail = Static<typeof GenerationDetail>;

export const GenerationIdBody = Type.Object({ generation_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type GenerationIdBody = Static<typeof GenerationIdBody>;

export const SkipItemBody = Type.Object({
  item_id: Type.Integer(),
  reason: Text(TESTCASE_LIMITS.maxReasonChars, 1),
});
export type SkipItemBody = Static<typeof SkipItemBody>;

/** An item's new wording (its task is generated again). */
export const EditItemBody = Type.Object({
  item_id: Type.Integer(),
  title: Text(200, 1),
  text: Text(TESTCASE_LIMITS.maxItemChars, 1),
});
export type EditItemBody = Static<typeof EditItemBody>;

/** Merges an item with the item after it (the merged item's task is generated again). */
export const MergeItemBody = Type.Object({ item_id: Type.Integer() });
export type MergeItemBody = Static<typeof MergeItemBody>;

/** A case's fields as the tester writes them (edited or added by hand). */
const CaseFields = {
  title: Text(255, 1),
  module: Text(100),
  precondition: Text(1000),
  steps: Type.Array(CaseStep, { minItems: 1, maxItems: TESTCASE_LIMITS.maxStepsPerCase }),
  priority: Type.Enum(CASE_PRIORITIES),
  case_type: Type.Enum(CASE_TYPES),
};

/** A case as the tester edits it: the whole case, saved as they go. */
export const EditCaseBody = Type.Object({ case_id: Type.Integer(), ...CaseFields });
export type EditCaseBody = Static<typeof EditCaseBody>;

/** A case the tester writes by hand for an item whose cases are shown (issue 27 §6). */
export const AddCaseBody = Type.Object({ item_id: Type.Integer(), ...CaseFields });
export type AddCaseBody = Static<typeof AddCaseBody>;

/** One case removed by the tester. */
export const DeleteCaseBody = Type.Object({ case_id: Type.Integer() });
export type DeleteCaseBody = Static<typeof DeleteCaseBody>;

/** What replacing the source changed: item counts, and the tasks made for the changed and new items (待更新). */
export const ReplaceResult = Type.Object({
  generation_id: Type.String(),
  unchanged: Type.Integer(),
  changed: Type.Integer(),
  added: Type.Integer(),
  removed: Type.Integer(),
  task_ids: Type.Array(Type.String()),
});
export type ReplaceResult = Static<typeof ReplaceResult>;

/** The export formats: MeterSphere's xlsx import columns, or an XMind map in MeterSphere's topic convention. */
export const EXPORT_FORMATS = ['xlsx', 'xmind'] as const;
export const ExportBody = Type.Object({ generation_id: Type.String({ minLength: 1, maxLength: 64 }), format: Type.Enum(EXPORT_FORMATS) });
export type ExportBody = Static<typeof ExportBody>;
