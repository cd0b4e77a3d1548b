import type { KnowledgeDocument } from '../../../../contract/api';

/** How each document status shows (spec §3/§4): its Chinese name and tag colour. */
export const STATUS_VIEW: Record<string, { label: string; color: string }> = {
  TODO: { label: '等待处理', color: 'gold' },
  RUNNING: { label: '处理中', color: 'blue' },
  FINISHED: { label: '已完成', color: 'green' },
  FAILED: { label: '失败', color: 'red' },
};

/** Options of the status filter. */
export const STATUS_OPTIONS = Object.entries(STATUS_VIEW).map(([value, v]) => ({ value, label: v.label }));

/** Spec §4: a listed document that waits or runs means the list reloads every 5 s. */
export const POLL_INTERVAL_MS = 5000;

/** Whether a document is still being processed. */
export function isProcessing(status: string): boolean {
  return status === 'TODO' || status === 'RUNNING';
}

/** Polling interval for a page: 5000 ms while the server reports work under way (or a listed row shows it), else none. */
export function pollingFor(page: { processing?: boolean; data?: Pick<KnowledgeDocument, 'status'>[] } | undefined): number {
  if (!page) return 0;
  return page.processing || (page.data ?? []).some((d) => isProcessing(d.status)) ? POLL_INTERVAL_MS : 0;
}
