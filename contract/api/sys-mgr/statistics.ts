// 统计 (issue 17, issue 27 §6): each system account sees the figures of its duty (三员分立), each from its own path.
import { Type, type Static } from 'typebox';

/**
 * Query of 统计 (issue 17): 开始时间 / 结束日期 as YYYY-MM-DD (China Standard Time), an optional department. Nothing else:
 * the caller's account decides whose figures, and an unknown parameter is refused (400) rather than ignored.
 */
export const StatisticsQuerySchema = Type.Object({
  startDate: Type.String({ maxLength: 10 }),
  endDate: Type.String({ maxLength: 10 }),
  deptId: Type.Optional(Type.Integer()),
}, { additionalProperties: false });

const Count = Type.Integer();
const Ms = Type.Union([Type.Integer(), Type.Null()]);
/** Questions per Beijing day and mode (the mode's Chinese name). */
const Questions = Type.Array(Type.Object({ day: Type.String(), mode: Type.String(), questions: Count }));
/** Processing failures of the range by source (知识库文档 / 对话文件) and reason. */
const ProcessingFailures = Type.Array(Type.Object({ source: Type.String(), reason: Type.String(), count: Count }));
/** Per model: answers, time to first text (average and 90th percentile), tokens per second, queue waits (ms). */
const Models = Type.Array(Type.Object({
  model: Type.String(), answers: Count, firstTokenMs: Ms, firstTokenP90Ms: Ms, tokensPerSecond: Type.Union([Type.Number(), Type.Null()]),
  queueWaitMs: Ms, queueWaitMaxMs: Ms,
}));
/** The knowledge spaces asked most. */
const TopSpaces = Type.Array(Type.Object({ space: Type.String(), questions: Count }));

/** 安全审计员's figures (D57, D65): usage from the audit log, what was asked and stored, and the other two administrators' operations. */
export const StatisticsSchema = Type.Object({
  days: Type.Array(Type.Object({ day: Type.String(), operations: Count, activeUsers: Count, logins: Count, failures: Count })),
  topActions: Type.Array(Type.Object({ action: Type.String(), count: Count })),
  questions: Questions,
  /** Documents uploaded in the range and their chunks, per space and grade (the grade's name). */
  documents: Type.Array(Type.Object({ space: Type.String(), grade: Type.String(), documents: Count, chunks: Count })),
  processingFailures: ProcessingFailures,
  models: Models,
  topSpaces: TopSpaces,
  /** Operations of 系统管理员 and 安全保密管理员 in the range, per administrator (its role name) and operation. */
  adminActions: Type.Array(Type.Object({ admin: Type.String(), action: Type.String(), count: Count })),
});
export type StatisticsFigures = Static<typeof StatisticsSchema>;

/** 系统管理员's figures: how the system runs, nothing of the audit trail or of secrecy. */
export const SystemStatisticsSchema = Type.Object({
  /** Per Beijing day: ordinary accounts active (system accounts not counted), questions asked, server errors logged. */
  days: Type.Array(Type.Object({ day: Type.String(), activeUsers: Count, questions: Count, errors: Count })),
  questions: Questions,
  topSpaces: TopSpaces,
  /** Documents uploaded in the range and their chunks, per space (all grades together). */
  spaceDocuments: Type.Array(Type.Object({ space: Type.String(), documents: Count, chunks: Count })),
  processingFailures: ProcessingFailures,
  models: Models,
  /** Entries of 错误日志 in the range per kind (its Chinese name). */
  errors: Type.Array(Type.Object({ kind: Type.String(), count: Count })),
});
export type SystemStatisticsFigures = Static<typeof SystemStatisticsSchema>;

/** 安全保密管理员's figures: sign-in security, refusals, account and permission changes, secrecy grades. */
export const SecurityStatisticsSchema = Type.Object({
  /** Per Beijing day: successful and failed sign-ins, locks, unlocks, calls refused for lack of permission (403). */
  days: Type.Array(Type.Object({
    day: Type.String(), logins: Count, loginFailures: Count, locks: Count, unlocks: Count, refusals: Count,
  })),
  /** Account and permission changes done in the range, per operation (its Chinese name). */
  accountChanges: Type.Array(Type.Object({ action: Type.String(), count: Count })),
  /** Documents uploaded in the range per secrecy grade (the grade's name), lowest grade first. */
  gradeDocuments: Type.Array(Type.Object({ grade: Type.String(), documents: Count })),
  /** Ordinary accounts per clearance grade now (not the range), lowest grade first. */
  clearances: Type.Array(Type.Object({ grade: Type.String(), users: Count })),
});
export type SecurityStatisticsFigures = Static<typeof SecurityStatisticsSchema>;
