import { Type, type Static } from 'typebox';

/** Most rows one page of the audit log may hold. */
export const LOG_PAGE_LIMIT_MAX = 200;
/** Most rows one export may hold; a larger result asks the auditor to narrow the filters. */
export const LOG_EXPORT_MAX_ROWS = 50_000;

/** Outcome of an audited action. */
export const AuditResult = Type.Union([Type.Literal('success'), Type.Literal('failure')]);
export type AuditResult = Static<typeof AuditResult>;

/** Filters shared by the list and the export: time range (ISO), actor (Like), action code, result, keyword on target/detail. */
export const LogFilterFields = {
  from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
  action: Type.Optional(Type.String({ maxLength: 64 })),
  result: Type.Optional(AuditResult),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
};

/** Query of the audit-log list: page (from 1), limit (at most 200) and the filters; newest first. */
export const LogListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOG_PAGE_LIMIT_MAX })),
    ...LogFilterFields,
  },
  { additionalProperties: false },
);
export type LogListQuery = Static<typeof LogListQuery>;

/** Query of the audit-log export: the list's filters. The xlsx writes times in China Standard Time (UTC+8), whatever the server's zone. */
export const LogExportQuery = Type.Object(LogFilterFields, { additionalProperties: false });
export type LogExportQuery = Static<typeof LogExportQuery>;

/** One audit entry as the log screen shows it. */
export const LogEntry = Type.Object({
  id: Type.Number(),
  /** ISO time of the action. */
  at: Type.String(),
  actorUsername: Type.String(),
  actorId: Type.Union([Type.Number(), Type.Null()]),
  action: Type.String(),
  /** Chinese name of the operation type. */
  actionName: Type.String(),
  target: Type.String(),
  detail: Type.String(),
  result: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
});
export type LogEntry = Static<typeof LogEntry>;

/** A page of audit entries. */
export const LogPage = Type.Object({
  list: Type.Array(LogEntry),
  total: Type.Number(),
  page: Type.Number(),
  pageSize: Type.Number(),
});
export type LogPage = Static<typeof LogPage>;

/** An operation type for the filter select. */
export const LogAction = Type.Object({ code: Type.String(), name: Type.String() });
export type LogAction = Static<typeof LogAction>;

/** Query of the actions call and of recent activity (no parameters). */
export const LogEmptyQuery = Type.Object({}, { additionalProperties: false });
