import type { Actor, Deps } from '../deps';
import { auditLog } from '../db/schema';

/** Audit actions written by the identity services. */
export type AuditAction =
  | 'login' | 'logout' | 'lock' | 'unlock' | 'password-change'
  | 'user-disable' | 'user-roles' | 'user-clearance'
  // Management calls declare theirs in route config `audit` (names in contract/api/audit-actions.ts).
  | (string & {});

export type AuditEntry = {
  actor: Actor;
  action: AuditAction;
  target?: string;
  detail?: string;
  result: 'success' | 'failure';
};

/** Appends one record to the audit log (the table refuses updates and deletes, D7). */
export async function writeAudit(deps: Pick<Deps, 'db' | 'now'>, entry: AuditEntry): Promise<void> {
  await deps.db.insert(auditLog).values({
    at: deps.now(),
    actorId: entry.actor.id,
    actorUsername: entry.actor.username,
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? '',
    result: entry.result,
    ip: entry.actor.ip,
    userAgent: entry.actor.userAgent.slice(0, 512),
  });
}

/** The actor for actions the system performs by itself (seed, automatic lock). */
export const SYSTEM_ACTOR: Actor = { id: null, username: 'system', ip: '', userAgent: '' };
