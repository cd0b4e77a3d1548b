// Test-case generation (spec §1, §3, §4, §7; issue 14): the task statuses and their Chinese labels, without TypeBox so
// the renderer can import them.

/** The ten task statuses of spec §4, in the order a task usually meets them. */
export const TASK_STATUSES = [
  'not_started', 'in_progress', 'completed', 'paused', 'terminated', 'skipped', 'expired', 'pending_update', 'latest', 'archived',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The label a user reads for each status. */
export const TASK_STATUS_NAMES: Record<TaskStatus, string> = {
  not_started: '未开始',
  in_progress: '进行中',
  completed: '已完成',
  paused: '已暂停',
  terminated: '已终止',
  skipped: '已跳过',
  expired: '已过期',
  pending_update: '待更新',
  latest: '最新',
  archived: '已归档',
};

/** Statuses in which a task will not change unless a user acts (the page stops polling when all tasks are in one). */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ['completed', 'paused', 'terminated', 'skipped', 'expired', 'pending_update', 'latest', 'archived'];

export const CASE_PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export const CASE_TYPES = ['功能', '边界', '异常', '安全', '性能', '兼容'] as const;

/** Limits of what a generation holds. */
export const TESTCASE_LIMITS = {
  maxItems: 500,
  maxItemChars: 4000,
  maxNameChars: 100,
  maxReasonChars: 200,
  maxCasesPerItem: 30,
  maxStepsPerCase: 30,
  maxTaskIds: 1000,
} as const;

export const TESTCASE_MESSAGES = {
  noModel: '用例生成需要大模型，管理员尚未配置，暂时无法生成',
  missingFile: '请上传需求文档，或选择一篇知识库文档',
  noItems: '没有从文档中识别出需求条目，请检查文档内容',
  notFound: '生成任务不存在',
  repairFailed: '模型两次输出的用例格式都不正确，已暂停；可重试',
} as const;
