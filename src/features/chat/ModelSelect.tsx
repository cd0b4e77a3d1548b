import { Badge, Select, Space, Tooltip, Typography } from 'antd';
import { CHAT_MESSAGES } from '../../../contract/api/runtime';
import type { ConcurrencyStatus } from '../../../contract/api';
import { usePollingInterval } from '../../app/tabs/page-tab-context';
import { useConcurrencyQuery, useModelTypesQuery } from './api';

/** How often the model's load is asked while the page is visible. */
export const CONCURRENCY_POLL_MS = 5_000;

/** How busy the model is, in words staff understand (D38): 空闲, 较忙 or 繁忙, with the queue. */
export function busyText(s: ConcurrencyStatus): string {
  const level = s.running >= s.limit ? '繁忙' : s.running === 0 ? '空闲' : '较忙';
  return `模型繁忙程度：${level}${s.waiting ? `（${s.waiting} 人排队）` : ''}`;
}

function busyTooltip(s: ConcurrencyStatus): string {
  return `模型正在同时回答 ${s.running} 个问题，最多 ${s.limit} 个；更多的问题会排队，稍等片刻即可得到回答。`;
}

export type ModelSelectProps = { value: string | null; onChange: (model: string) => void };

/** The chat model (GET model/types) with its concurrency: running of the limit and the queue, polled while the page is seen. */
export function ModelSelect({ value, onChange }: ModelSelectProps) {
  const pollingInterval = usePollingInterval(CONCURRENCY_POLL_MS);
  const models = useModelTypesQuery();
  const status = useConcurrencyQuery(undefined, { pollingInterval, skip: !models.data?.length });
  const names = models.data ?? [];
  const current = status.data?.find((s) => s.model_name === value && s.model_type === 'llm');
  const busy = current ? current.running >= current.limit : false;

  if (models.isSuccess && !names.length) {
    return (
      <Tooltip title={CHAT_MESSAGES.noModelNotice}>
        <Typography.Text type="warning" data-testid="no-model" tabIndex={0}>未配置大模型</Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Space size={8}>
      <Select
        aria-label="模型"
        style={{ minWidth: 170 }}
        loading={models.isLoading}
        value={value ?? undefined}
        placeholder="选择模型"
        options={names.map((n) => ({ value: n, label: n }))}
        onChange={onChange}
      />
      {current && (
        <Tooltip title={busyTooltip(current)}>
          <span data-testid="model-status">
            <Badge status={busy ? 'warning' : 'success'} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{busyText(current)}</Typography.Text>
          </span>
        </Tooltip>
      )}
    </Space>
  );
}
