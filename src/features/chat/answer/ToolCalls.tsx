import { ApiOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { TOOL_CALL_STATUSES, TOOL_RISKS, type ToolRisk } from '../../../../contract/api/runtime';
import type { ToolCallView } from '../../../../contract/api';
import { RunningTask } from '../../../components/running-task';
import styles from '../chat.module.css';
import { ToolCallImages } from './ToolCallImages';

const STATUS_COLORS: Record<ToolCallView['status'], string> = {
  pending: 'warning', running: 'processing', done: 'success', failed: 'error', refused: 'error', rejected: 'default', expired: 'default', cancelled: 'default',
};

/** The arguments as the model gave them, indented when they are JSON. */
function pretty(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

/** What the user can do to the calls of the running answer. */
export type ToolCallActions = {
  /** The yes or no to a waiting 写入 / 对外发送 call. */
  decide: (callId: string, approve: boolean) => Promise<void>;
  /** 取消 of a running call. */
  cancel: (callId: string) => Promise<void>;
};

export type ToolCallsProps = {
  calls: ToolCallView[];
  /** Absent on answers that are not the running one. */
  actions?: ToolCallActions;
};

/** A waiting 写入 / 对外发送 call: what will run, and the user's yes or no. */
function Confirm({ call, onDecide }: { call: ToolCallView; onDecide?: ToolCallActions['decide'] }) {
  const [sending, setSending] = useState<'yes' | 'no' | null>(null);
  const text = pretty(call.arguments);
  const decide = async (approve: boolean) => {
    setSending(approve ? 'yes' : 'no');
    await onDecide?.(call.id, approve);
  };
  return (
    <Alert
      type="warning"
      showIcon
      className={styles.toolConfirm}
      title={`需要您确认：调用「${call.set_name} / ${call.tool_name}」（${TOOL_RISKS[call.risk as ToolRisk] ?? call.risk}）`}
      description={
        <>
          {/* Every character the tool will receive (the server runs exactly the stored text), scrollable. */}
          <Typography.Text type="secondary">将发送的全部参数（共 {text.length} 个字符{text.length > 2000 ? '，请滚动查看全部' : ''}）：</Typography.Text>
          <pre className={styles.toolPre} aria-label="调用参数" tabIndex={0}>{text}</pre>
          <Space>
            <Button type="primary" size="small" icon={<CheckOutlined />} loading={sending === 'yes'} disabled={!onDecide || sending !== null} onClick={() => void decide(true)}>
              确认执行
            </Button>
            <Button size="small" icon={<CloseOutlined />} loading={sending === 'no'} disabled={!onDecide || sending !== null} onClick={() => void decide(false)}>
              拒绝
            </Button>
          </Space>
        </>
      }
    />
  );
}

/** A call that is not waiting or running here: collapsible, with its arguments, result and duration; its images below. */
function CallResult({ call }: { call: ToolCallView }) {
  return (
    <div>
      <Collapse
        size="small"
        className={styles.toolCall}
        items={[{
          key: call.id,
          label: (
            <Space size={6} wrap>
              <ApiOutlined />
              <span>调用工具 {call.set_name ? `${call.set_name} / ` : ''}{call.tool_name}</span>
              <Tag color={STATUS_COLORS[call.status]}>{TOOL_CALL_STATUSES[call.status]}</Tag>
              {call.duration_ms !== null && <Typography.Text type="secondary">{call.duration_ms} ms</Typography.Text>}
            </Space>
          ),
          children: (
            <>
              <Typography.Text type="secondary">参数</Typography.Text>
              <pre className={styles.toolPre}>{pretty(call.arguments)}</pre>
              {call.result && (
                <>
                  <Typography.Text type="secondary">{call.status === 'done' && !call.is_error ? '结果' : '说明'}</Typography.Text>
                  <pre className={styles.toolPre}>{call.result}</pre>
                </>
              )}
            </>
          ),
        }]}
      />
      <ToolCallImages call={call} />
    </div>
  );
}

/** The tool calls made at one place of an answer. */
export function ToolCalls({ calls, actions }: ToolCallsProps) {
  return (
    <div className={styles.toolCalls} data-testid="tool-calls">
      {calls.map((call) => {
        if (call.status === 'pending') return <Confirm key={call.id} call={call} onDecide={actions?.decide} />;
        // Running in the answer being written: for how long, the tool's progress, and 取消.
        if (call.status === 'running' && actions) {
          return (
            <RunningTask
              key={call.id}
              label={`正在调用 ${call.set_name ? `${call.set_name} / ` : ''}${call.tool_name}`}
              progress={call.progress}
              onCancel={() => actions.cancel(call.id)}
            />
          );
        }
        return <CallResult key={call.id} call={call} />;
      })}
    </div>
  );
}
