import { Alert, App, Button, Card, Descriptions, Input, Popconfirm, Progress, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { RequirementItem, TaskState, TaskStatus, TestCase } from '../../../contract/api';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { hasButton } from '../../lib/storage';
import { useGenerationQuery, useSkipItemMutation, useStartGenerationMutation, useTaskActionMutation } from './api';
import { anyRunning, TaskStatusTag } from './task-status';

const FUNC = '/testCase';
/** How often a generation with running tasks is asked again. */
export const POLL_MS = 2000;

type ItemRow = RequirementItem & { state?: TaskState };

const caseColumns: DataTableColumn<TestCase>[] = [
  { key: 'code', title: '编号', width: 110 },
  { key: 'title', title: '用例名称', width: 260, ellipsis: true },
  { key: 'module', title: '所属模块', width: 140, ellipsis: true },
  { key: 'precondition', title: '前置条件', width: 160, ellipsis: true },
  {
    key: 'steps', title: '步骤与预期结果', width: 360,
    render: (_v, c) => (
      <ol style={{ margin: 0, paddingLeft: 18 }}>
        {c.steps.map((s, i) => <li key={i}>{s.step}<Typography.Text type="secondary">{" → "}{s.expected}</Typography.Text></li>)}
      </ol>
    ),
  },
  { key: 'priority', title: '优先级', width: 80, render: (v) => <Tag color={v === 'P0' ? 'red' : v === 'P1' ? 'orange' : 'default'}>{String(v)}</Tag> },
  { key: 'case_type', title: '用例类型', width: 90 },
  { key: 'item_code', title: '需求条目', width: 100 },
];

/** A generation's page: its items with their tasks' progress and actions, and the cases generated so far. */
export function GenerationView({ id }: { id: string }) {
  const { message } = App.useApp();
  const [poll, setPoll] = useState(POLL_MS);
  const { data, error } = useGenerationQuery(id, { pollingInterval: poll, skipPollingIfUnfocused: true });
  const [start, starting] = useStartGenerationMutation();
  const [act] = useTaskActionMutation();
  const [skipItem] = useSkipItemMutation();
  const [skipping, setSkipping] = useState<ItemRow | null>(null);
  const [reason, setReason] = useState('');
  const canEdit = hasButton(FUNC, 'edit');

  const statuses = useMemo(() => data?.tasks.filter((t) => t.status !== 'expired').map((t) => t.status) ?? [], [data]);
  const started = statuses.some((s) => s !== 'not_started' && s !== 'skipped');
  const running = anyRunning(statuses as TaskStatus[], started);
  if (data && !running && poll) setPoll(0);
  if (data && running && !poll) setPoll(POLL_MS);

  if (error) return <Alert type="error" showIcon title="生成任务不存在，或您无权查看" />;
  if (!data) return <Card loading />;

  const { generation: g } = data;
  const byTask = new Map(data.tasks.map((t) => [t.task_id, t]));
  const rows: ItemRow[] = data.items.map((i) => ({ ...i, state: byTask.get(i.task_id) }));
  const cases = data.tasks.filter((t) => t.status !== 'expired').flatMap((t) => t.cases);
  const waiting = rows.filter((r) => r.state?.status === 'not_started');

  const run = async (action: 'pause' | 'resume' | 'terminate', row: ItemRow) => {
    await act({ action, task_ids: [row.task_id] }).unwrap();
    setPoll(POLL_MS);
  };

  const actions = (row: ItemRow) => {
    const s = row.state?.status;
    if (!canEdit || !s) return null;
    return (
      <Space size={0}>
        {(s === 'not_started' || s === 'in_progress') && started && <Button type="link" size="small" onClick={() => void run('pause', row)}>暂停</Button>}
        {s === 'paused' && <Button type="link" size="small" onClick={() => void run('resume', row)}>继续</Button>}
        {['not_started', 'in_progress', 'paused', 'pending_update'].includes(s) && started && (
          <Popconfirm title="终止该任务？" description="正在进行的生成会立即停止，已终止的任务不能继续。" okText="终止" cancelText="取消" onConfirm={() => run('terminate', row)}>
            <Button type="link" size="small" danger>终止</Button>
          </Popconfirm>
        )}
        {['not_started', 'paused', 'terminated', 'pending_update', 'completed', 'latest'].includes(s) && (
          <Button type="link" size="small" onClick={() => { setReason(''); setSkipping(row); }}>跳过</Button>
        )}
      </Space>
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card
        title={g.name}
        extra={canEdit && waiting.length > 0 && !started && (
          <Button type="primary" loading={starting.isLoading} onClick={() => void start(id).unwrap().then(() => setPoll(POLL_MS))}>
            开始生成（{waiting.length} 条）
          </Button>
        )}
      >
        <Descriptions size="small" column={4} items={[
          { key: 'source', label: '需求文档', children: g.source_name },
          { key: 'grade', label: '密级', children: <Tag>{g.secrecy_name}</Tag> },
          { key: 'coverage', label: '需求覆盖', children: `${g.covered}/${g.items} 条` },
          { key: 'cases', label: '用例', children: `${g.cases} 条` },
        ]} />
        <Progress percent={g.items ? Math.round((g.done / g.items) * 100) : 0} format={() => `${g.done}/${g.items} 条完成`} />
        {!started && <Alert type="info" showIcon title="请检查拆分出的需求条目：不可测试的条目可以跳过（需填写原因），确认后点击「开始生成」。" />}
        {!running && started && data.uncovered.length > 0 && (
          <Alert type="warning" showIcon title={`${data.uncovered.length} 条需求尚未被任何用例覆盖，也没有标记跳过：${rows.filter((r) => data.uncovered.includes(r.id)).map((r) => r.code).join('、')}`} />
        )}
      </Card>
      <Card title="需求条目" size="small">
        <Table<ItemRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ y: 320 }}
          columns={[
            { key: 'position', title: '序号', dataIndex: 'position', width: 60 },
            { key: 'code', title: '编号', dataIndex: 'code', width: 90 },
            { key: 'module', title: '所属模块', dataIndex: 'module', width: 160, ellipsis: true },
            { key: 'title', title: '需求', dataIndex: 'title', ellipsis: true, render: (_v, r) => <Typography.Text title={r.text}>{r.title}</Typography.Text> },
            { key: 'status', title: '状态', width: 90, render: (_v, r) => r.state && <TaskStatusTag status={r.state.status} reason={r.state.reason || r.skip_reason} /> },
            { key: 'cases', title: '用例', width: 60, render: (_v, r) => r.state?.cases.length ?? 0 },
            { key: 'actions', title: '操作', width: 170, render: (_v, r) => actions(r) },
          ]}
        />
      </Card>
      <Card title={`测试用例（${cases.length}）`} size="small">
        <DataTable<TestCase> tableId="testcase-cases" rowKey="id" columns={caseColumns} rows={cases} selection="none" showRowTools={false} can={(c) => c === 'columns'} scrollY={420} />
      </Card>
      {skipping && (
        <Dialog
          open
          title={`跳过需求条目 ${skipping.code}`}
          width={520}
          height={200}
          okText="跳过"
          onClose={() => setSkipping(null)}
          onOk={async () => {
            if (!reason.trim()) {
              message.error('请填写跳过的原因');
              throw new Error('no reason');
            }
            await skipItem({ item_id: skipping.id, reason: reason.trim() }).unwrap();
            setSkipping(null);
          }}
        >
          <Typography.Paragraph>{skipping.title}</Typography.Paragraph>
          <Input.TextArea aria-label="跳过原因" rows={3} maxLength={200} showCount value={reason} onChange={(e) => setReason(e.target.value)} placeholder="如：主观描述，无法验证" />
        </Dialog>
      )}
    </Space>
  );
}
