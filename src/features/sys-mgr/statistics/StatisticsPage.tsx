import { DownloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Space, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ComponentType } from 'react';
import { AUDITADMIN_ID, ROOT_DEPT_ID, SECADMIN_ID, STATISTICS_PATHS, SYSADMIN_ID } from '../../../../contract/api/runtime';
import type { DeptTreeNode } from '../../../../contract/api';
import { getUserInfo, hasButton } from '../../../lib/storage';
import { useAppMessage } from '../../../lib/use-app-message';
import styles from '../depts/DeptMgrPage.module.css';
import { useDeptTreeQuery } from '../depts/api';
import { exportXlsx } from '../logs/export-logs';
import type { StatisticsQuery } from './api';
import { AuditFigures } from './AuditFigures';
import { SecurityFigures } from './SecurityFigures';
import { SystemFigures } from './SystemFigures';

/** Each system account's figures (三员分立, issue 27 §6): what it is called, what the department narrows, its charts. */
const DUTY_FIGURES: Record<number, { title: string; byDept: string; Figures: ComponentType<{ query: StatisticsQuery }> }> = {
  [SYSADMIN_ID]: { title: '系统运行统计', byDept: '部门按用户、提问人和上传人计', Figures: SystemFigures },
  [SECADMIN_ID]: { title: '安全保密统计', byDept: '部门按操作人、上传人和账号所属部门计', Figures: SecurityFigures },
  [AUDITADMIN_ID]: { title: '安全审计统计', byDept: '部门按操作人、提问人和上传人计', Figures: AuditFigures },
};

const FORMAT = 'YYYY-MM-DD';
/** Today in Beijing, whatever zone the browser is in: the server counts Beijing days (D57). */
const beijingToday = () => dayjs(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
type TreeOption = { value: number; title: string; children: TreeOption[] };
const deptOptions = (nodes: DeptTreeNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: deptOptions(n.children ?? []) }));

/**
 * 统计 (issue 17, D57; issue 27 §6): a date range and a department, then the figures of the signed-in system account's
 * duty as charts; xlsx export of the same figures. The server answers each account its own figures only.
 */
export function StatisticsPage() {
  const message = useAppMessage();
  const duty = DUTY_FIGURES[getUserInfo()?.id ?? 0];
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [beijingToday().subtract(29, 'day'), beijingToday()]);
  const [deptId, setDeptId] = useState<number>();
  const query: StatisticsQuery = { startDate: range[0].format(FORMAT), endDate: range[1].format(FORMAT), deptId };
  const depts = useDeptTreeQuery(ROOT_DEPT_ID);
  const [exporting, setExporting] = useState(false);

  const exportFigures = async () => {
    setExporting(true);
    const outcome = await exportXlsx(STATISTICS_PATHS.export, query, `${duty.title}-${query.startDate}-${query.endDate}.xlsx`);
    setExporting(false);
    if (outcome.status === 'saved') message.success(`已导出${duty.title}`);
    else if (outcome.status === 'failed') message.error(outcome.message, 5);
  };

  if (!duty) return null;
  return (
    <div className={styles.page} style={{ flexDirection: 'column', overflow: 'auto' }}>
      <section className={styles.card} aria-label="统计条件">
        <Space wrap>
          <Typography.Text strong data-testid="statistics-duty">{duty.title}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            placeholder={['开始时间', '结束日期']}
            disabledDate={(d) => d.isAfter(beijingToday(), 'day')}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <TreeSelect
            allowClear
            style={{ width: 220 }}
            placeholder="全部部门"
            aria-label="部门"
            treeData={deptOptions(depts.data ?? [])}
            treeDefaultExpandAll
            value={deptId}
            onChange={(v: number | undefined) => setDeptId(v)}
          />
          {hasButton('/sysMgr/statistics', 'export') && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFigures()}>导出</Button>
          )}
          <Typography.Text type="secondary">按北京时间统计；{duty.byDept}</Typography.Text>
        </Space>
      </section>
      <duty.Figures query={query} />
    </div>
  );
}
