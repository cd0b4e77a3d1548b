import { Alert, Button, Table } from 'antd';
import type { ChartView } from '../../../../contract/api';
import { resultWorkbook } from '../../../../contract/files/safe-xlsx';
import { saveFile } from '../../../platform';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the rows shown as an .xlsx file (formula-injection safe, see contract/files/safe-xlsx.ts). */
function exportRows(chart: ChartView) {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  void saveFile({
    suggestedName: `查询结果-${stamp}.xlsx`,
    data: new Blob([resultWorkbook(chart.columns, chart.data) as BlobPart], { type: XLSX_MIME }),
    mimeType: XLSX_MIME,
    filters: [{ name: 'Excel 工作簿', extensions: ['xlsx'] }],
  });
}

/** The rows of a spreadsheet or database answer, 10 to a page, with the Excel export (ChartAnswer's 数据 tab). */
export function ResultTable({ chart }: { chart: ChartView }) {
  const rows = chart.data.map((row, i) => ({ ...row, __key: i }));
  return (
    <>
      <Table
        size="small"
        rowKey="__key"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={chart.columns.map((c) => ({ title: c, dataIndex: c, key: c, render: cell }))}
      />
      {chart.truncated && <Alert type="info" showIcon title="结果行数超过上限，只显示了前面的部分" style={{ marginTop: 8 }} />}
      {rows.length > 0 && (
        <Button size="small" style={{ marginTop: 8 }} onClick={() => exportRows(chart)} data-testid="export-xlsx">导出 Excel</Button>
      )}
    </>
  );
}
