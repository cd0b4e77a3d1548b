import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Progress, Space, Tag } from 'antd';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { GenerationDetail, TaskStatus } from '../../../contract/api';
import { usePageTabTitle, usePollingInterval } from '../../app/tabs/page-tab-context';
import { hasButton } from '../../lib/storage';
import { exportCases, useArchiveGenerationMutation, useGenerationQuery, useStartGenerationMutation, useTaskStatesQuery } from './api';
import { CasesCard } from './CasesCard';
import { ItemsCard, type ItemRow } from './ItemsCard';
import { currentTasks, itemRows, settled, watchedTasks, withStates } from './live-states';
import { ReplaceSourceDialog } from './ReplaceSourceDialog';
import { anyRunning } from './task-status';

const FUNC = '/testCase';
/** How often a generation with running tasks is asked again. */
export const POLL_MS = 2000;

/**
 * A generation's page: its items with their tasks' progress and actions, and the cases generated so far. The
 * generation is loaded once (and again after any action); while tasks may still change, task_status is polled for
 * those tasks only and laid over it, until none waits or runs. Each answer is drawn as a deferred (interruptible)
 * render, so a hundred items and their cases arriving do not block the page (issue 14's benchmark).
 */
export function GenerationView({ id }: { id: string }) {
  const { data: detail, error, refetch } = useGenerationQuery(id);
  usePageTabTitle(detail?.generation.name);
  // The tester just asked to start: its tasks are polled before the worker has taken any of them up.
  const [kicked, setKicked] = useState(false);
  const watched = useMemo(() => watchedTasks(currentTasks(detail), kicked), [detail, kicked]);
  const { currentData: states } = useTaskStatesQuery(watched, { skip: watched.length === 0, pollingInterval: usePollingInterval(POLL_MS), skipPollingIfUnfocused: true });
  const done = Boolean(states && states.length === watched.length && settled(states));
  useEffect(() => {
    // Every watched task reached a state that waits for the tester: load the generation once more and stop.
    if (done) void refetch().then(() => setKicked(false));
  }, [done, refetch]);
  const data = useMemo(() => (detail ? withStates(detail, states) : undefined), [detail, states]);
  const kick = useCallback(() => setKicked(true), []);
  const reload = useCallback(() => void refetch(), [refetch]);
  const shown = useDeferredValue(data);

  if (error) return <Alert type="error" showIcon title="生成任务不存在，或您无权查看" />;
  if (!shown) return <Card loading />;
  return <GenerationBody id={id} data={shown} onWake={kick} onReplaced={reload} />;
}

type GenerationBodyProps = { id: string; data: GenerationDetail; onWake: () => void; onReplaced: () => void };

const GenerationBody = memo(function GenerationBody({ id, data, onWake: wake, onReplaced }: GenerationBodyProps) {
  const { message } = App.useApp();
  const [start, starting] = useStartGenerationMutation();
  const [archive] = useArchiveGenerationMutation();
  const [replacing, setReplacing] = useState(false);
  const [exporting, setExporting] = useState<'xlsx' | 'xmind' | null>(null);
  const current = useMemo(() => currentTasks(data), [data]);
  const statuses = current.map((t) => t.status as TaskStatus);
  const started = statuses.some((s) => s !== 'not_started' && s !== 'skipped');
  const running = anyRunning(statuses, started);

  const { generation: g } = data;
  const editable = hasButton(FUNC, 'edit') && !g.archived;
  // A row that did not change since the last answer is the object it was, so the table redraws only the rows that did.
  // (Derived during render from the last answer's rows: React's pattern for state that follows a prop.)
  const [made, setMade] = useState<{ from?: GenerationDetail; rows: ItemRow[] }>({ rows: [] });
  let rows = made.rows;
  if (made.from !== data) {
    rows = itemRows(data, new Map(made.rows.map((r) => [r.id, r])));
    setMade({ from: data, rows });
  }
  const cases = useMemo(() => current.flatMap((t) => t.cases), [current]);
  // Items whose cases were generated (their task finished): a case may be added to them by hand.
  const targets = useMemo(() => rows.filter((r) => r.state?.status === 'completed' || r.state?.status === 'latest'), [rows]);
  const waiting = statuses.filter((s) => s === 'not_started').length;
  const pending = statuses.filter((s) => s === 'pending_update').length;

  const save = async (format: 'xlsx' | 'xmind') => {
    setExporting(format);
    try {
      if (await exportCases(id, g.name, format)) message.success(`已导出 ${cases.length} 条用例`);
    } finally {
      setExporting(null);
    }
  };

  // Keyed: antd's Space keys its items by position otherwise, so the export buttons appearing with the first cases
  // would mount the buttons after them again (归档's Popconfirm: its styles removed and injected anew in that commit).
  const extra = (
    <Space wrap>
      {editable && waiting > 0 && !started && (
        <Button key="start" type="primary" loading={starting.isLoading} onClick={() => void start(id).unwrap().then(wake)}>开始生成（{waiting} 条）</Button>
      )}
      {editable && pending > 0 && (
        <Button key="start-pending" type="primary" loading={starting.isLoading} onClick={() => void start(id).unwrap().then(wake)}>生成待更新条目（{pending} 条）</Button>
      )}
      {hasButton(FUNC, 'export') && cases.length > 0 && (
        <>
          <Button key="xlsx" icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => void save('xlsx')}>导出 Excel</Button>
          <Button key="xmind" icon={<DownloadOutlined />} loading={exporting === 'xmind'} onClick={() => void save('xmind')}>导出 XMind</Button>
        </>
      )}
      {editable && <Button key="replace" onClick={() => setReplacing(true)}>更新需求文档</Button>}
      {editable && (
        <Popconfirm key="archive" title="归档该生成？" description="归档后只能查看和导出，不再出现在默认列表中。" okText="归档" cancelText="取消"
          onConfirm={() => archive(id).unwrap().then(() => message.success('已归档'))}>
          <Button>归档</Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card title={<>{g.name}{g.archived && <Tag style={{ marginLeft: 8 }}>已归档</Tag>}</>} extra={extra}>
        <Descriptions size="small" column={4} items={[
          { key: 'source', label: '需求文档', children: g.source_name },
          { key: 'grade', label: '密级', children: <Tag>{g.secrecy_name}</Tag> },
          { key: 'coverage', label: '需求覆盖', children: `${g.covered}/${g.items} 条` },
          { key: 'cases', label: '用例', children: `${g.cases} 条` },
        ]} />
        <Progress percent={g.items ? Math.round((g.done / g.items) * 100) : 0} format={() => `${g.done}/${g.items} 条完成`} />
        {!started && editable && <Alert type="info" showIcon title="请检查拆分出的需求条目：可以编辑、与下一条合并，不可测试的条目可以跳过（需填写原因），确认后点击「开始生成」。" />}
        {pending > 0 && editable && <Alert type="warning" showIcon title={`需求文档已更新：${pending} 条需求待更新，点击「生成待更新条目」重新生成它们的用例。`} />}
        {!running && started && data.uncovered.length > 0 && (
          <Alert type="warning" showIcon title={`${data.uncovered.length} 条需求尚未被任何用例覆盖，也没有标记跳过：${rows.filter((r) => data.uncovered.includes(r.id)).map((r) => r.code).join('、')}`} />
        )}
      </Card>
      <ItemsCard rows={rows} editable={editable} started={started} onQueued={wake} />
      <CasesCard cases={cases} editable={editable} targets={targets} />
      {replacing && (
        <ReplaceSourceDialog generationId={id} sourceName={g.source_name} onClose={(done) => { setReplacing(false); if (done) onReplaced(); }} />
      )}
    </Space>
  );
});
