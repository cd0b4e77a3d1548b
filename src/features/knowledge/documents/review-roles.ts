/** The pseudo-role of spec §3: visible to everyone (no review roles). */
export const EVERYONE = '-2';
export const EVERYONE_LABEL = '对所有人可见';
/** What review roles do (server/knowledge/visibility.ts): they narrow who sees the document, within the grade. */
export const REVIEW_ROLE_HINT = '选择角色后，只有这些角色的成员（及上传者）能看到该文档，并在“待我审核”中列出；对所有人可见则密级允许的人都能看到';

/**
 * Keeps a review-role pick consistent: picking 对所有人可见 drops the roles, picking a role drops
 * 对所有人可见, and an empty pick means everyone.
 */
export function normalizeReviewRoles(previous: string[], next: string[]): string[] {
  const added = next.filter((v) => !previous.includes(v));
  if (added.includes(EVERYONE)) return [EVERYONE];
  const roles = next.filter((v) => v !== EVERYONE);
  return roles.length ? roles : [EVERYONE];
}

/** The `review_role` field the server takes: '-2' or comma-separated role ids. */
export function reviewRoleField(values: string[]): string {
  const roles = values.filter((v) => v !== EVERYONE);
  return roles.length ? roles.join(',') : EVERYONE;
}

/** The select's values for a document's `review_role` ('' = everyone). */
export function reviewRoleValues(field: string): string[] {
  const roles = field.split(',').map((s) => s.trim()).filter((s) => s && s !== EVERYONE);
  return roles.length ? roles : [EVERYONE];
}
