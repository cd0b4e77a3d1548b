import { App, Empty, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import type { DbConnection } from '../../../contract/api';
import { DB_TYPE_OPTIONS } from '../../../contract/api/sqlbase-limits';
import { DataTable, type DataTableButton, type DataTableColumn } from '../../components/data-table';
import { hasButton } from '../../lib/storage';
import { useDocumentOptions } from '../knowledge/documents/useDocumentOptions';
import { useDbListQuery, useDeleteDbMutation } from './api';
import { ConnectionFormDialog } from './ConnectionFormDialog';

const SCREEN = '/sqlBase';
const BUTTON_OF: Partial<Record<DataTableButton, string>> = { add: 'add', edit: 'edit', delete: 'delete' };
const typeLabel = (type: string) => DB_TYPE_OPTIONS.find((t) => t.db_type === type)?.label.replace(/（.*）/, '') ?? type;

const COLUMNS: DataTableColumn<DbConnection>[] = [
  { key: 'db_name', title: '数据库名称', width: 200, ellipsis: true },
  { key: 'db_type', title: '类型', width: 120, render: (v) => <Tag>{typeLabel(String(v))}</Tag> },
  { key: 'db_host', title: '地址', width: 220, ellipsis: true, render: (_v, row) => (row.db_path ? `文件：${row.db_path}` : `${row.db_user}@${row.db_host}:${row.db_port}`) },
  { key: 'secrecy_name', title: '密级', width: 90 },
  { key: 'review_role_names', title: '可使用的角色', width: 160, ellipsis: true, render: (v, row) => ((v as string[]).length ? (v as string[]).join('、') : row.open_to_all ? '对所有人可见' : '仅创建者本人') },
  { key: 'allowed_tables', title: '可访问的表', width: 180, ellipsis: true, render: (v) => (v ? String(v) : '全部') },
  { key: 'comment', title: '说明', width: 200, ellipsis: true, render: (v) => (v ? String(v) : '—') },
  { key: 'gmt_modified', title: '更新时间', width: 160, render: (v) => dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss') },
];

/** 数据库 (/sqlBase): the database connections the user may use, with add / edit / delete / 测试连接 by button grant. */
export function SqlBasePage() {
  const { data, isFetching } = useDbListQuery();
  const [remove] = useDeleteDbMutation();
  const { message } = App.useApp();
  const options = useDocumentOptions();
  const [open, setOpen] = useState<{ connection: DbConnection | null } | null>(null);
  const rows = useMemo(() => data ?? [], [data]);
  const can = (code: DataTableButton) => {
    const button = BUTTON_OF[code];
    return button ? hasButton(SCREEN, button) : code === 'columns';
  };

  return (
    <div style={{ padding: 16 }} data-testid="sqlbase-page">
      <div style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>数据库</Typography.Title>
        <Typography.Text type="secondary">
          连接企业数据库后，可在智能问答的“数据库对话”中用自然语言提问：系统生成只读查询、在只读事务中执行，并以表格和图表展示结果。
        </Typography.Text>
      </div>
      {!isFetching && rows.length === 0 ? (
        <Empty
          style={{ marginTop: 64 }}
          description={(
            <span>
              还没有可用的数据库连接。
              <br />
              数据库连接用于“数据库对话”：大模型只会看到您允许的表，查询只读且有时限，密码加密保存。
              {hasButton(SCREEN, 'add') ? '' : '请联系有权限的人员添加连接。'}
            </span>
          )}
        >
          {hasButton(SCREEN, 'add') && (
            <a onClick={() => setOpen({ connection: null })} data-testid="sqlbase-empty-add">新增数据库连接</a>
          )}
        </Empty>
      ) : (
        <DataTable<DbConnection>
          columns={COLUMNS}
          rows={rows}
          loading={isFetching}
          selection="none"
          can={can}
          onAdd={() => setOpen({ connection: null })}
          onEdit={(connection) => setOpen({ connection })}
          onDelete={async (connection) => {
            await remove(connection.db_name).unwrap();
            void message.success(`已删除数据库连接“${connection.db_name}”`);
          }}
        />
      )}
      {open && (
        <ConnectionFormDialog
          connection={open.connection}
          grades={options.grades}
          roles={options.roles}
          canTest={hasButton(SCREEN, 'test')}
          onClose={() => setOpen(null)}
          onSaved={(name) => {
            setOpen(null);
            void message.success(open.connection ? `已保存数据库连接“${name}”` : `已新增数据库连接“${name}”`);
          }}
        />
      )}
    </div>
  );
}
