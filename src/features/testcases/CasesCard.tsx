import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Tag, theme } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { TestCase } from '../../../contract/api';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useDeleteCaseMutation } from './api';
import { CaseAddDialog, type CaseTarget } from './CaseAddDialog';
import { CaseEditDialog } from './CaseEditDialog';
import { onlyColumnSettings } from './live-states';

// 编号, 名称 and 步骤 first: at 1280 px they are in view beside the fixed 操作 column without scrolling sideways.
type CaseActions = { edit: (c: TestCase) => void; remove: (c: TestCase) => void };

const caseColumns = (actions: CaseActions | null, secondary: string): DataTableColumn<TestCase>[] => [
  { key: 'code', title: '编号', width: 110 },
  { key: 'title', title: '用例名称', width: 220, ellipsis: true },
  {
    // One line per case (the rows are drawn as they scroll into view, all of one height); every step in the title.
    // The expected results in the secondary text colour (as Typography.Text type="secondary" draws them, without a
    // Typography component per step: a screenful of new cases is drawn in one commit, D79).
    key: 'steps', title: '步骤与预期结果', width: 360, ellipsis: true,
    render: (_v, c) => (
      <span title={c.steps.map((s, i) => `${i + 1}. ${s.step} → ${s.expected}`).join('\n')}>
        {c.steps.map((s, i) => <span key={i}>{i > 0 && '；'}{i + 1}. {s.step}<span style={{ color: secondary }}>{' → '}{s.expected}</span></span>)}
      </span>
    ),
  },
  { key: 'priority', title: '优先级', width: 80, render: (v) => <Tag color={v === 'P0' ? 'red' : v === 'P1' ? 'orange' : 'default'}>{String(v)}</Tag> },
  { key: 'case_type', title: '用例类型', width: 90 },
  { key: 'module', title: '所属模块', width: 140, ellipsis: true },
  { key: 'precondition', title: '前置条件', width: 160, ellipsis: true },
  { key: 'item_code', title: '需求条目', width: 100 },
  ...(actions ? [{
    key: 'actions', title: '操作', width: 110, fixed: 'right' as const,
    render: (_v: unknown, c: TestCase) => (
      <>
        <Button type="link" size="small" onClick={() => actions.edit(c)}>编辑</Button>
        <Popconfirm title={`确定删除用例 ${c.code}？`} okText="删除" okButtonProps={{ danger: true }} onConfirm={() => actions.remove(c)}>
          <Button type="link" size="small" danger>删除</Button>
        </Popconfirm>
      </>
    ),
  }] : []),
];

export type CasesCardProps = { cases: TestCase[]; editable: boolean; targets: CaseTarget[] };

/**
 * The generation's current cases in the kit's table; when allowed, each editable (saved as the tester goes) or
 * deleted, and a case added by hand to an item whose cases were generated (`targets`).
 */
export const CasesCard = memo(function CasesCard({ cases, editable, targets }: CasesCardProps) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<TestCase | null>(null);
  const [adding, setAdding] = useState(false);
  const [remove] = useDeleteCaseMutation();
  // A saved case shows at once, before the next poll brings it from the server.
  const [saved, setSaved] = useState<Map<number, TestCase>>(new Map());
  // A poll's new cases are drawn in a render and commit of their own, after the page's (the items' progress): a
  // poll bringing a screenful of cases then does not put both tables' new rows into one task (D79).
  const [shown, setShown] = useState(cases);
  useEffect(() => {
    if (shown !== cases) startTransition(() => setShown(cases));
  }, [cases, shown]);
  // Built once per editability, so a poll that brings nothing new hands the table the same objects.
  const columns = useMemo(() => caseColumns(editable ? {
    edit: setEditing,
    remove: (c) => void remove(c.id).unwrap().then(() => message.success(`已删除用例 ${c.code}`)).catch(() => undefined),
  } : null, token.colorTextDescription), [editable, token.colorTextDescription, remove, message]);
  const rows = useMemo(() => (saved.size ? shown.map((c) => saved.get(c.id) ?? c) : shown), [shown, saved]);
  return (
    <Card
      title={`测试用例（${shown.length}）`}
      size="small"
      extra={editable && targets.length > 0 && <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>新增用例</Button>}
    >
      <DataTable<TestCase> tableId="testcase-cases" rowKey="id" columns={columns} rows={rows} selection="none"
        showRowTools={false} can={onlyColumnSettings} scrollY={420} virtualFrom={0} />
      {editing && (
        <CaseEditDialog
          testCase={editing}
          onClose={(c) => {
            if (c) setSaved(new Map(saved).set(c.id, c));
            setEditing(null);
          }}
        />
      )}
      {adding && <CaseAddDialog targets={targets} onClose={() => setAdding(false)} />}
    </Card>
  );
});
