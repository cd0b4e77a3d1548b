import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '../../../components/form';

/** An ISO time as `YYYY-MM-DD HH:mm:ss` in the viewer's zone (spec §9). */
export function formatLogTime(iso: string): string {
  return dayjs(iso).format(DATE_TIME_FORMAT);
}

/** The Chinese name and tag colour of a result. */
export const RESULT_LABELS: Record<string, { text: string; color: string }> = {
  success: { text: '成功', color: 'success' },
  failure: { text: '失败', color: 'error' },
};
