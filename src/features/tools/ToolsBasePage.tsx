import { ApiOutlined, CloudServerOutlined, DeleteOutlined, EditOutlined, ReloadOutlined, SafetyOutlined, TeamOutlined, ToolOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ToolSet } from '../../../contract/api';
import { getAllowedPaths, hasButton } from '../../lib/storage';
import { useDocumentOptions } from '../knowledge/documents/useDocumentOptions';
import { useDeleteToolSetMutation, useRefreshToolSetMutation, useToolSetsQuery } from './api';
import { BUILTIN_TOOLS } from './builtin';
import { ToolSetDialog } from './ToolSetDialog';
import styles from './tools.module.css';
import { useAppMessage } from '../../lib/use-app-message';

const SCREEN = '/toolsBase';

function grantsText(set: ToolSet): string {
  const parts = [...set.review_role_names.map((n) => `角色 ${n}`), ...set.dept_names.map((n) => `部门 ${n}`)];
  // No grant: the creator alone, except sets older than D89, open to everyone.
  return parts.length ? parts.join('、') : set.open_to_all ? '所有人员' : '尚未授权任何人员';
}

/** One added set: kind, address, tools switched on, ceiling and grants; its tools, and edit / refresh / delete by button. */
function SetCard({ set, onEdit }: { set: ToolSet; onEdit: (set: ToolSet) => void }) {
  const navigate = useNavigate();
  const message = useAppMessage();
  const [refresh, refreshing] = useRefreshToolSetMutation();
  const [remove] = useDeleteToolSetMutation();
  const open = () => navigate(`/toolsList?set=${set.id}`);
  const actions = [
    <Button key="tools" type="link" size="small" icon={<UnorderedListOutlined />} onClick={open}>工具</Button>,
  ];
  if (hasButton(SCREEN, 'edit')) {
    actions.push(
      <Button key="edit" type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(set)}>编辑</Button>,
      <Button
        key="refresh" type="link" size="small" icon={<ReloadOutlined />} loading={refreshing.isLoading}
        onClick={async () => {
          const next = await refresh(set.id).unwrap();
          if (next.refresh_error) void message.error(next.refresh_error);
          else void message.success(`已刷新：${next.tool_count} 个工具`);
        }}
      >
        刷新
      </Button>,
    );
  }
  if (hasButton(SCREEN, 'delete')) {
    actions.push(
      <Popconfirm
        key="delete" title="删除工具集" description={`删除“${set.name}”及其全部工具？对话中将不能再使用它们。`} okText="删除" okButtonProps={{ danger: true }}
        onConfirm={async () => {
          await remove(set.id).unwrap();
          void message.success(`已删除工具集“${set.name}”`);
        }}
      >
        <Button type="link" size="small" danger icon={<DeleteOutlined />}>删除</Button>
      </Popconfirm>,
    );
  }
  return (
    <Card className={styles.card} actions={actions} data-testid={`toolset-${set.name}`}>
      <Typography.Title level={5} className={styles.cardTitle} ellipsis={{ tooltip: set.name }}>
        {set.kind === 'mcp' ? <CloudServerOutlined /> : <ApiOutlined />}
        <span>{set.name}</span>
        <Tag color={set.kind === 'mcp' ? 'purple' : 'blue'}>{set.kind === 'mcp' ? 'MCP' : 'OpenAPI'}</Tag>
        {!set.usable && <Tooltip title="您可以管理该工具集，但未被授权使用"><Tag>未授权使用</Tag></Tooltip>}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className={styles.cardDesc} ellipsis={{ rows: 2, tooltip: set.description }}>
        {set.description || set.url || '暂无说明'}
      </Typography.Paragraph>
      {set.refresh_error && <Alert type="error" showIcon title={set.refresh_error} style={{ marginBottom: 8 }} />}
      <Space size={16} className={styles.meta} wrap>
        <Tooltip title="启用的工具 / 全部工具"><span><ToolOutlined /> {set.enabled_count} / {set.tool_count} 个工具</span></Tooltip>
        <Tooltip title="可以发送给该工具集的内容的最高密级"><span><SafetyOutlined /> 密级上限 {set.secrecy_name}</span></Tooltip>
        <Tooltip title={`可使用：${grantsText(set)}`}><span><TeamOutlined /> {set.review_role_names.length + set.dept_names.length ? '指定人员' : set.open_to_all ? '全部人员' : '未授权'}</span></Tooltip>
      </Space>
    </Card>
  );
}

/** 工具库 (/toolsBase): the built-in tools, and the tool sets (MCP servers, HTTP APIs) the user may use or manage. */
export function ToolsBasePage() {
  const { data, isFetching } = useToolSetsQuery();
  const navigate = useNavigate();
  const message = useAppMessage();
  const options = useDocumentOptions();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<{ set: ToolSet | null } | null>(null);
  const allowed = getAllowedPaths();
  const builtins = BUILTIN_TOOLS.filter((b) => allowed.has(b.func));
  const sets = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (data ?? []).filter((s) => !needle || s.name.toLowerCase().includes(needle) || s.description.toLowerCase().includes(needle));
  }, [data, filter]);

  return (
    <div className={styles.page} data-testid="tools-base-page">
      <div className={styles.header}>
        <div>
          <Typography.Title level={4} className={styles.title}>工具库</Typography.Title>
          <Typography.Text type="secondary">内置工具直接打开对应功能；接入的工具集（MCP 服务或 HTTP 接口）可在“工具”中试用，并在智能问答中由大模型调用。</Typography.Text>
        </div>
        <Space>
          <Input.Search allowClear placeholder="按名称或说明筛选" onSearch={setFilter} onChange={(e) => setFilter(e.target.value)} style={{ width: 240 }} />
          {hasButton(SCREEN, 'add') && <Button type="primary" icon={<ToolOutlined />} onClick={() => setOpen({ set: null })}>新增工具集</Button>}
        </Space>
      </div>
      <Typography.Title level={5} className={styles.section}>内置工具</Typography.Title>
      <div className={styles.grid}>
        {builtins.map((b) => (
          <Card key={b.key} className={styles.card} hoverable onClick={() => navigate(b.to)} data-testid={`builtin-${b.key}`}>
            <Typography.Title level={5} className={styles.cardTitle}><b.icon /> <span>{b.title}</span> <Tag>内置</Tag></Typography.Title>
            <Typography.Paragraph type="secondary" className={styles.cardDesc}>{b.description}</Typography.Paragraph>
          </Card>
        ))}
      </div>
      <Typography.Title level={5} className={styles.section}>接入的工具集</Typography.Title>
      {!isFetching && sets.length === 0 ? (
        <Empty
          description={filter ? '没有符合条件的工具集' : `还没有可用的工具集。${hasButton(SCREEN, 'add') ? '可以接入 MCP 服务或用 OpenAPI 文档描述的 HTTP 接口。' : '请联系有权限的人员接入并授权。'}`}
        />
      ) : (
        <div className={styles.grid}>
          {sets.map((set) => <SetCard key={set.id} set={set} onEdit={(s) => setOpen({ set: s })} />)}
        </div>
      )}
      {open && (
        <ToolSetDialog
          set={open.set}
          grades={options.grades}
          roles={options.roles}
          onClose={() => setOpen(null)}
          onSaved={(saved) => {
            setOpen(null);
            if (saved.refresh_error) void message.warning(`已保存“${saved.name}”，但读取工具失败：${saved.refresh_error}`);
            else void message.success(`已保存“${saved.name}”：${saved.tool_count} 个工具`);
          }}
        />
      )}
    </div>
  );
}
