import { useMemo } from 'react';
import { useMyGradesQuery, useReviewRoleOptionsQuery } from '../api';
import { EVERYONE, EVERYONE_LABEL } from './review-roles';

export type Option = { value: string; label: string };

/** Grades the user may give a document (lowest first) and the review-role options with 对所有人可见 first. */
export function useDocumentOptions(): { grades: Option[]; roles: Option[]; loading: boolean } {
  const grades = useMyGradesQuery();
  const roles = useReviewRoleOptionsQuery();
  return useMemo(
    () => ({
      grades: [...(grades.data?.list ?? [])].sort((a, b) => a.rank - b.rank).map((g) => ({ value: g.code, label: g.text })),
      roles: [{ value: EVERYONE, label: EVERYONE_LABEL }, ...(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))],
      loading: grades.isLoading || roles.isLoading,
    }),
    [grades.data, grades.isLoading, roles.data, roles.isLoading],
  );
}
