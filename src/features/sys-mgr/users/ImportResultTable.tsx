import { Table, Tag, Typography } from 'antd';
import type { ImportResult, ImportRowReport } from '../../../../contract/api';

/** Every row of a checked file with its problems (or 可导入). */
export function ImportReportTable({ result }: { result: ImportResult }) {
  return (
    <Table<ImportRowReport>
      size="small"
      rowKey="row"
      dataSource={result.rows}
      pagination={{ pageSize: 8, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` }}
      columns={[
        { key: 'row', dataIndex: 'row', title: '行号', width: 64 },
        { key: 'username', dataIndex: 'username', title: '用户名', width: 120, ellipsis: true },
        { key: 'fullName', dataIndex: 'fullName', title: '姓名', width: 100, ellipsis: true },
        { key: 'deptPath', dataIndex: 'deptPath', title: '部门', width: 160, ellipsis: true, render: (v: string) => v || '（根部门）' },
        {
          key: 'problems', dataIndex: 'problems', title: '检查结果',
          render: (problems: string[]) =>
            problems.length === 0 ? (
              <Tag color="success">可导入</Tag>
            ) : (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {problems.map((p) => (
                  <li key={p}><Typography.Text type="danger">{p}</Typography.Text></li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

/** Users an import created, with their one-time passwords. */
export function ImportedUsersTable({ created }: { created: ImportResult['created'] }) {
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={created}
      pagination={{ pageSize: 8, showSizeChanger: false, showTotal: (n) => `共 ${n} 人` }}
      columns={[
        { key: 'username', dataIndex: 'username', title: '用户名' },
        { key: 'fullName', dataIndex: 'fullName', title: '姓名' },
        { key: 'password', dataIndex: 'password', title: '初始密码', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
      ]}
    />
  );
}
