import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, App, Breadcrumb, Button, Drawer, Empty, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TOOL_LIMITS, TOOL_MESSAGES, TOOL_RISKS, type ToolRisk } from '../../../contract/api/tools-limits';
import type { ToolCallResult, ToolItem } from '../../../contract/api';
import { hasButton } from '../../lib/storage';
import { useCallToolMutation, useEditToolMutation, useToolSetsQuery, useToolsQuery } from './api';
import { argumentsOf, fieldsOfSchema, type SchemaField } from './schema-form';
import styles from './tools.module.css';
import { usePageShown } from '../../components/page-shown';

const SCREEN = '/toolsBase';
const RISK_COLOR: Record<string, string> = { read: 'green', write: 'orange', send: 'red' };
const RISK_OPTIONS = (Object.keys(TOOL_RISKS) as ToolRisk[]).map((value) => ({ value, label: TOOL_RISKS[value] }));

/** The input of one field; Form.Item's value, checked and onChange are passed through. */
function FieldInput({ field, ...bound }: { field: SchemaField } & Record<string, unknown>) {
  switch (field.kind) {
    case 'boolean':
      return <Switch {...bound} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...bound} />;
    case 'integer':
      return <InputNumber style={{ width: '100%' }} precision={0} {...bound} />;
    case 'enum':
      return <Select allowClear options={field.options?.map((o) => ({ value: o, label: o }))} {...bound} />;
    case 'json':
      return <Input.TextArea rows={3} placeholder='JSON，如 {"key": "value"}' style={{ fontFamily: 'monospace' }} {...bound} />;
    default:
      return <Input {...bound} />;
  }
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

/** 试用: a form generated from the tool's parameters, a confirmation for 写入 / 对外发送, and the answer. */
function TryPanel({ tool, onClose }: { tool: ToolItem; onClose: () => void }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [call, state] = useCallToolMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fields = useMemo(() => fieldsOfSchema(tool.parameters), [tool.parameters]);

  // A 写入 / 对外发送 call asks first, inside the drawer (a confirm dialog stacked on the drawer could stay stuck
  // in its closing animation and hold the page's clicks, seen in Chromium).
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);

  const call_ = async (args: Record<string, unknown>) => {
    setAsking(null);
    try {
      setOutcome({ ok: true, result: await call({ tool_id: tool.id, arguments: args, confirm: tool.risk !== 'read' }).unwrap() });
    } catch (err) {
      setOutcome({ ok: false, message: (err as { message?: string }).message ?? '调用失败' });
    }
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
    <Drawer open={shown} title={`试用：${tool.name}`} size={560} onClose={onClose}>
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
      {outcome && !outcome.ok && <Alert type="error" showIcon title={outcome.message} data-testid="tool-result" />}
      {outcome?.ok && (
        <div data-testid="tool-result">
          <Space style={{ marginBottom: 8 }}>
            <Tag color={outcome.result.is_error ? 'red' : 'green'}>{outcome.result.is_error ? '工具返回错误' : '成功'}</Tag>
            <Typography.Text type="secondary">耗时 {outcome.result.duration_ms} ms</Typography.Text>
            {outcome.result.truncated && <Tag color="orange">结果过长，已截断</Tag>}
          </Space>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: '#f6f8fa', padding: 12, borderRadius: 6, maxHeight: 400, overflow: 'auto' }}>
            {outcome.result.content || '（无内容）'}
          </pre>
        </div>
      )}
    </Drawer>
  );
}

/** 工具列表 (/toolsList?set=): a set's tools with parameters, class and switch, and 试用. */
export function ToolsListPage() {
  const [search] = useSearchParams();
  const setId = Number(search.get('set'));
  const valid = Number.isInteger(setId) && setId > 0;
  const sets = useToolSetsQuery();
  const toolsQuery = useToolsQuery(setId, { skip: !valid });
  const [editTool] = useEditToolMutation();
  const { message } = App.useApp();
  const [trying, setTrying] = useState<ToolItem | null>(null);
  const set = sets.data?.find((s) => s.id === setId);
  const canEdit = hasButton(SCREEN, 'edit');

  const save = async (tool: ToolItem, patch: { enabled?: boolean; risk?: ToolRisk }) => {
    const next = await editTool({ tool_id: tool.id, ...patch }).unwrap();
    void message.success(patch.enabled === undefined ? `“${next.name}”的风险类别已改为${next.risk_name}` : `已${next.enabled ? '启用' : '停用'}“${next.name}”`);
  };

  if (!valid || (sets.isSuccess && !set)) {
    return (
      <div className={styles.page}>
        <Empty description={TOOL_MESSAGES.setNotFound}><Link to="/toolsBase">返回工具库</Link></Empty>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="tools-list-page">
      <Breadcrumb items={[{ title: <Link to="/toolsBase">工具库</Link> }, { title: set?.name ?? '…' }]} style={{ marginBottom: 8 }} />
      <div className={styles.header}>
        <div>
          <Typography.Title level={4} className={styles.title}>{set?.name ?? '工具集'}</Typography.Title>
          <Typography.Text type="secondary">
            只读工具在对话中直接调用；写入和对外发送的工具每次调用前都需要您确认。{set && !set.usable ? '您可以管理该工具集，但未被授权使用，不能试用。' : ''}
          </Typography.Text>
        </div>
      </div>
      <Table<ToolItem>
        rowKey="id"
        loading={toolsQuery.isFetching}
        dataSource={toolsQuery.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { key: 'name', dataIndex: 'name', title: '工具', width: 200, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          { key: 'description', dataIndex: 'description', title: '说明', ellipsis: true },
          {
            key: 'params', title: '参数', width: 220, ellipsis: true,
            render: (_v, tool) => fieldsOfSchema(tool.parameters).map((f) => `${f.name}${f.required ? '*' : ''}`).join('、') || '无',
          },
          {
            key: 'risk', title: '风险类别', width: 140,
            render: (_v, tool) => (canEdit
              ? <Select size="small" value={tool.risk as ToolRisk} options={RISK_OPTIONS} style={{ width: 110 }} onChange={(risk: ToolRisk) => void save(tool, { risk })} aria-label={`${tool.name} 风险类别`} />
              : <Tag color={RISK_COLOR[tool.risk]}>{tool.risk_name}</Tag>),
          },
          {
            key: 'enabled', title: '启用', width: 80,
            render: (_v, tool) => <Switch size="small" checked={tool.enabled} disabled={!canEdit} onChange={(enabled) => void save(tool, { enabled })} aria-label={`${tool.name} 启用`} />,
          },
          {
            key: 'try', title: '操作', width: 90, fixed: 'right',
            render: (_v, tool) => (
              <Button type="link" size="small" disabled={!tool.enabled || !set?.usable} onClick={() => setTrying(tool)}>试用</Button>
            ),
          },
        ]}
      />
      {trying && <TryPanel tool={trying} onClose={() => setTrying(null)} />}
    </div>
  );
}
