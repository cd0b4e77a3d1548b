import { App, Breadcrumb, Button, Empty, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TOOL_MESSAGES, TOOL_RISKS, type ToolRisk } from '../../../contract/api/tools-limits';
import type { ToolItem } from '../../../contract/api';
import { hasButton } from '../../lib/storage';
import { useEditToolMutation, useToolSetsQuery, useToolsQuery } from './api';
import { fieldsOfSchema } from './schema-form';
import styles from './tools.module.css';
import { RISK_COLOR, TryPanel } from './TryPanel';

const SCREEN = '/toolsBase';
const RISK_OPTIONS = (Object.keys(TOOL_RISKS) as ToolRisk[]).map((value) => ({ value, label: TOOL_RISKS[value] }));

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
