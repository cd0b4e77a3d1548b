import { Button, Card, Tag, theme } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { TestCase } from '../../../contract/api';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { CaseEditDialog } from './CaseEditDialog';
import { onlyColumnSettings } from './live-states';

// 编号, 名称 and 步骤 first: at 1280 px they are in view beside the fixed 操作 column without scrolling sideways.
const caseColumns = (edit: ((c: TestCase) => void) | null, secondary: string): DataTableColumn<TestCase>[] => [
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
  ...(edit ? [{
    key: 'actions', title: '操作', width: 80, fixed: 'right' as const,
    render: (_v: unknown, c: TestCase) => <Button type="link" size="small" onClick={() => edit(c)}>编辑</Button>,
  }] : []),
];

export type CasesCardProps = { cases: TestCase[]; editable: boolean };

/** The generation's current cases in the kit's table; each editable (saved as the tester goes) when allowed. */
export const CasesCard = memo(function CasesCard({ cases, editable }: CasesCardProps) {
  const { token } = theme.useToken();
  const [editing, setEditing] = useState<TestCase | null>(null);
  // A saved case shows at once, before the next poll brings it from the server.
  const [saved, setSaved] = useState<Map<number, TestCase>>(new Map());
  // A poll's new cases are drawn in a render and commit of their own, after the page's (the items' progress): a
  // poll bringing a screenful of cases then does not put both tables' new rows into one task (D79).
  const [shown, setShown] = useState(cases);
  useEffect(() => {
    if (shown !== cases) startTransition(() => setShown(cases));
  }, [cases, shown]);
  // Built once per editability, so a poll that brings nothing new hands the table the same objects.
  const columns = useMemo(() => caseColumns(editable ? setEditing : null, token.colorTextDescription), [editable, token.colorTextDescription]);
  const rows = useMemo(() => (saved.size ? shown.map((c) => saved.get(c.id) ?? c) : shown), [shown, saved]);
  return (
    <Card title={`测试用例（${shown.length}）`} size="small">
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
    </Card>
  );
});
