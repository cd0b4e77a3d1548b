import { Badge, Select, Space, Tooltip, Typography } from 'antd';
import type { ConcurrencyStatus } from '../../../contract/api';
import { useConcurrencyQuery, useModelTypesQuery } from './api';
import { usePageVisible } from './usePageVisible';

/** How often the model's load is asked while the page is visible. */
export const CONCURRENCY_POLL_MS = 5_000;

function statusText(s: ConcurrencyStatus): string {
  return `并发 ${s.running}/${s.limit}${s.waiting ? `，排队 ${s.waiting}` : ''}`;
}

export type ModelSelectProps = { value: string | null; onChange: (model: string) => void };

/** The chat model (GET model/types) with its concurrency: running of the limit and the queue, polled while visible. */
export function ModelSelect({ value, onChange }: ModelSelectProps) {
  const visible = usePageVisible();
  const models = useModelTypesQuery();
  const status = useConcurrencyQuery(undefined, { pollingInterval: visible ? CONCURRENCY_POLL_MS : 0, skip: !models.data?.length });
  const names = models.data ?? [];
  const current = status.data?.find((s) => s.model_name === value && s.model_type === 'llm');
  const busy = current ? current.running >= current.limit : false;

  if (models.isSuccess && !names.length) {
    return <Typography.Text type="warning">未配置大模型</Typography.Text>;
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
        <Tooltip title={`同时最多 ${current.limit} 个请求；超出的请求排队等待`}>
          <span data-testid="model-status">
            <Badge status={busy ? 'warning' : 'success'} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{statusText(current)}</Typography.Text>
          </span>
        </Tooltip>
      )}
    </Space>
  );
}
