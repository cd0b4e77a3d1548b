import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { TOOL_LIMITS, TOOL_MESSAGES, toolImageDataUrl } from '../../../contract/api/tools-limits';
import type { ToolCallResult, ToolItem } from '../../../contract/api';
import { usePageShown } from '../../components/page-shown';
import { ResultImage, ResultImages } from '../../components/result-images';
import { RunningTask } from '../../components/running-task';
import { useCallToolMutation, useCancelToolCallMutation } from './api';
import { FieldInput } from './FieldInput';
import { argumentsOf, fieldsOfSchema } from './schema-form';
import styles from './tools.module.css';

export const RISK_COLOR: Record<string, string> = { read: 'green', write: 'orange', send: 'red' };

/** A random name for a call, so that it can be cancelled (crypto.randomUUID needs a secure context; this does not). */
function newCallId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a 写入 / 对外发送 call will do and every argument it sends, scrollable. */
function ConfirmArguments({ tool, args }: { tool: ToolItem; args: Record<string, unknown> }) {
  const text = JSON.stringify(args, null, 2);
  return (
    <>
      该工具的风险类别为“{tool.risk_name}”：调用可能{tool.risk === 'send' ? '向外部发送数据' : '写入或修改数据'}，且无法撤销。
      <div className={styles.confirmLabel}>将发送的全部参数（共 {text.length} 个字符{text.length > 2000 ? '，请滚动查看全部' : ''}）：</div>
      <pre className={styles.confirmArgs} aria-label="调用参数" tabIndex={0}>{text}</pre>
    </>
  );
}

type Outcome = { ok: true; result: ToolCallResult } | { ok: false; message: string };

/** The answer of a call: its text and, apart, its images. */
function ResultView({ tool, result }: { tool: ToolItem; result: ToolCallResult }) {
  return (
    <div data-testid="tool-result">
      <Space style={{ marginBottom: 8 }}>
        <Tag color={result.is_error ? 'red' : 'green'}>{result.is_error ? '工具返回错误' : '成功'}</Tag>
        <Typography.Text type="secondary">耗时 {result.duration_ms} ms</Typography.Text>
        {result.truncated && <Tag color="orange">结果过长，已截断</Tag>}
      </Space>
      <pre className={styles.resultText}>{result.content || '（无内容）'}</pre>
      {result.images && result.images.length > 0 && (
        <ResultImages label={`${tool.name} 返回的图片`}>
          {result.images.map((image, i) => {
            const src = toolImageDataUrl(image.mime_type, image.data);
            return <ResultImage key={i} src={src ?? undefined} failed={src === null} alt={`${tool.name} 返回的图片 ${i + 1}`} />;
          })}
        </ResultImages>
      )}
    </div>
  );
}

/** 试用: a form generated from the tool's parameters, a confirmation for 写入 / 对外发送, the call (cancellable), the answer. */
export function TryPanel({ tool, onClose }: { tool: ToolItem; onClose: () => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [call, state] = useCallToolMutation();
  const [cancelCall] = useCancelToolCallMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fields = useMemo(() => fieldsOfSchema(tool.parameters), [tool.parameters]);
  // The running call's name: 取消 and closing the drawer stop it at the server.
  const running = useRef<string | null>(null);

  // A 写入 / 对外发送 call asks first, inside the drawer (a confirm dialog stacked on the drawer could stay stuck
  // in its closing animation and hold the page's clicks, seen in Chromium).
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);

  const call_ = async (args: Record<string, unknown>) => {
    setAsking(null);
    setOutcome(null);
    const callId = newCallId();
    running.current = callId;
    try {
      setOutcome({ ok: true, result: await call({ tool_id: tool.id, arguments: args, confirm: tool.risk !== 'read', call_id: callId }).unwrap() });
    } catch (err) {
      setOutcome({ ok: false, message: (err as { message?: string }).message ?? '调用失败' });
    } finally {
      running.current = null;
    }
  };
  const cancel = async () => {
    if (running.current) await cancelCall(running.current).unwrap().catch(() => undefined);
  };
  const close = () => {
    void cancel();
    onClose();
  };

  const shown = usePageShown();
  const run = async () => {
    const values = await form.validateFields();
    let args: Record<string, unknown>;
    try {
      args = argumentsOf(fields, values);
    } catch (err) {
      setOutcome({ ok: false, message: (err as Error).message });
      return;
    }
    if (tool.risk === 'read') await call_(args);
    // The user confirms exactly what is sent: all of it, or nothing when it is too long to review.
    else if (new TextEncoder().encode(JSON.stringify(args)).byteLength > TOOL_LIMITS.argumentsMaxBytes) {
      setOutcome({ ok: false, message: `调用参数过长（超过 ${TOOL_LIMITS.argumentsMaxBytes / 1024} KB），无法完整确认，请缩短后再调用` });
    } else setAsking(args);
  };

  return (
    <Drawer open={shown} title={`试用：${tool.name}`} size={560} onClose={close}>
      <Typography.Paragraph type="secondary">{tool.description || '暂无说明'}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        {fields.length === 0 && <Typography.Paragraph type="secondary">该工具没有参数。</Typography.Paragraph>}
        {fields.map((f) => (
          <Form.Item
            key={f.name} name={f.name} label={f.label} extra={f.description || undefined}
            valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
            rules={f.required ? [{ required: true, message: `请填写 ${f.name}` }] : []}
          >
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<ExperimentOutlined />} loading={state.isLoading} disabled={asking !== null} onClick={() => void run()} data-testid="tool-run">调用</Button>
        <Tag color={RISK_COLOR[tool.risk]}>{tool.risk_name}</Tag>
      </Space>
      {asking && (
        <Alert
          type="warning"
          showIcon
          role="alertdialog"
          style={{ marginBottom: 16 }}
          title={`确认调用“${tool.name}”？`}
          description={<ConfirmArguments tool={tool} args={asking} />}
          action={
            <Space orientation="vertical">
              <Button type="primary" size="small" danger onClick={() => void call_(asking)}>确认调用</Button>
              <Button size="small" onClick={() => setAsking(null)}>取消</Button>
            </Space>
          }
        />
      )}
      {state.isLoading && <RunningTask label={`正在调用 ${tool.name}`} onCancel={cancel} />}
      {outcome && !outcome.ok && (
        <Alert type={outcome.message === TOOL_MESSAGES.cancelled ? 'info' : 'error'} showIcon title={outcome.message} data-testid="tool-result" />
      )}
      {outcome?.ok && <ResultView tool={tool} result={outcome.result} />}
    </Drawer>
  );
}
