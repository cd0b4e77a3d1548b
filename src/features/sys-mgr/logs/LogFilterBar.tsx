import { Button, Form, Input, Select } from 'antd';
import { DateTimeRange } from '../../../components/form';
import { useAuditActionsQuery } from './api';
import type { LogFilters } from './log-filters';

/** Props of LogFilterBar. */
export type LogFilterBarProps = { onSearch: (filters: LogFilters) => void };

const RESULT_OPTIONS = [
  { value: 'success', label: '成功' },
  { value: 'failure', label: '失败' },
];

/** Time range, user, operation type, result and keyword of the audit log; 查询 applies, 重置 clears. */
export function LogFilterBar({ onSearch }: LogFilterBarProps) {
  const [form] = Form.useForm<LogFilters>();
  const { data: actions = [], isFetching } = useAuditActionsQuery();
  const reset = () => {
    form.resetFields();
    onSearch({});
  };
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: 12, marginBottom: 12 }} aria-label="日志筛选">
      <Form.Item label="时间">
        {/* The kit's range fills its container: give it room for two full date-times. */}
        <div style={{ width: 370 }}>
          <Form.Item name="range" noStyle>
            <DateTimeRange />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="username" label="用户">
        <Input allowClear placeholder="用户名" maxLength={64} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="action" label="操作类型">
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部"
          loading={isFetching}
          options={actions.map((a) => ({ value: a.code, label: a.name }))}
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item name="result" label="结果">
        <Select allowClear placeholder="全部" options={RESULT_OPTIONS} style={{ width: 96 }} />
      </Form.Item>
      <Form.Item name="keyword" label="关键字">
        <Input allowClear placeholder="操作对象或详情" maxLength={200} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item>
        {/* antd's default look, as on every other page: no icon, 查 询 / 重 置. */}
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={reset}>
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
