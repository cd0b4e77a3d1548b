import { Alert, Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DB_NAME_PATTERN, DB_TYPE_OPTIONS, isFileDbType } from '../../../contract/api/sqlbase-limits';
import type { DbConfigBody, DbConnection, DbTestResult } from '../../../contract/api';
import { Dialog } from '../../components/dialog';
import { EVERYONE, reviewRoleField, reviewRoleValues } from '../knowledge/documents/review-roles';
import { ReviewRoleSelect } from '../knowledge/documents/ReviewRoleSelect';
import type { Option } from '../knowledge/documents/useDocumentOptions';
import { useAddDbMutation, useDbSupportTypesQuery, useEditDbMutation, useTestDbMutation } from './api';

type Values = {
  db_type: string; db_name: string; db_host?: string; db_port?: number | null; db_user?: string; db_pwd?: string; db_path?: string; comment?: string;
  secrecy: string; review_role: string[]; allowed_tables?: string; sample_rows?: boolean;
};

export type ConnectionFormDialogProps = {
  /** null: add. */
  connection: DbConnection | null;
  grades: Option[];
  roles: Option[];
  canTest: boolean;
  onClose: () => void;
  onSaved: (name: string) => void;
};

const portOf = (type: string) => DB_TYPE_OPTIONS.find((t) => t.db_type === type)?.default_port ?? null;

/** What the roles mean (D89): no role is the creator alone, except a connection made before that, open to all. */
export function roleHint(openToAll: boolean): string {
  return openToAll
    ? '该连接创建于权限收紧之前，未选择角色时密级允许的所有人都能使用；选择角色后，只有这些角色的成员（及创建者）能使用，之后不再对所有人开放'
    : '未选择角色时只有创建者本人能看到并使用该连接；选择角色后，这些角色的成员（及创建者）在密级允许时也能使用。使用者还需有“数据库”功能权限';
}

/** What 示例数据 does (D89): it is data, sent to the model. */
export const SAMPLE_ROWS_HINT = '开启后，数据库对话和数据库问答会把前 5 张表各自的前 3 行数据随表结构一起发送给大模型，帮助它理解字段取值；这些数据会发送到大模型服务。关闭时只发送表结构';

/** The body of add / edit / test from the form. */
export function bodyOf(v: Values): DbConfigBody {
  const common = {
    db_type: v.db_type, db_name: v.db_name.trim(), comment: v.comment?.trim() ?? '', secrecy: v.secrecy, review_role: reviewRoleField(v.review_role),
    allowed_tables: v.allowed_tables?.trim() ?? '', sample_rows: v.sample_rows ?? false,
  };
  // A file on the server has a path and nothing else (no host, account or password).
  if (isFileDbType(v.db_type)) return { ...common, db_path: v.db_path?.trim() ?? '' };
  return { ...common, db_host: v.db_host?.trim() ?? '', db_port: v.db_port ?? 0, db_user: v.db_user?.trim() ?? '', db_pwd: v.db_pwd ?? '' };
}

/** 新增 / 编辑数据库连接: the type's fields, who may use it, and 测试连接 with its result. */
export function ConnectionFormDialog({ connection, grades, roles, canTest, onClose, onSaved }: ConnectionFormDialogProps) {
  const [form] = Form.useForm<Values>();
  const [add] = useAddDbMutation();
  const [edit] = useEditDbMutation();
  const [test, testState] = useTestDbMutation();
  const [tested, setTested] = useState<{ ok: true; result: DbTestResult } | { ok: false; message: string } | null>(null);
  const editing = connection !== null;
  const dbType = Form.useWatch('db_type', form) ?? connection?.db_type ?? 'postgresql';
  const fileDb = isFileDbType(dbType);
  const supported = useDbSupportTypesQuery().data;
  const typeOptions = DB_TYPE_OPTIONS.filter((t) => !supported || t.db_type === connection?.db_type || supported.some((s) => s.db_type === t.db_type))
    .map((t) => ({ value: t.db_type, label: t.label }));
  const resultRef = useRef<HTMLDivElement>(null);
  // The result may be below the fold of the dialog's body: bring it into view.
  useEffect(() => {
    if (tested) resultRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [tested]);
  const openToAll = connection?.open_to_all ?? false;
  // The pseudo-role "everyone" is no role at all: the creator alone, or everyone for a connection older than D89.
  const roleOptions = roles.map((r) => (r.value === EVERYONE ? { ...r, label: openToAll ? '所有人（未限定角色）' : '仅创建者本人' } : r));
  const gradeOptions = connection && !grades.some((g) => g.value === connection.secrecy)
    ? [...grades, { value: connection.secrecy, label: connection.secrecy_name }] : grades;

  const submit = async () => {
    const v = await form.validateFields();
    const body = bodyOf(v);
    await (editing ? edit(body) : add(body)).unwrap();
    onSaved(body.db_name);
  };

  const runTest = async () => {
    const v = await form.validateFields();
    setTested(null);
    try {
      setTested({ ok: true, result: await test(bodyOf(v)).unwrap() });
    } catch (err) {
      setTested({ ok: false, message: (err as { message?: string }).message ?? '连接失败' });
    }
  };

  return (
    <Dialog open title={editing ? `编辑数据库连接：${connection.db_name}` : '新增数据库连接'} width={640} height={600} onOk={submit} onClose={onClose}>
      <Form
        form={form}
        name="dbConnection"
        layout="vertical"
        requiredMark={false}
        onValuesChange={(changed: Partial<Values>) => {
          setTested(null);
          if (changed.db_type) form.setFieldValue('db_port', portOf(changed.db_type));
        }}
        initialValues={connection ? {
          db_type: connection.db_type, db_name: connection.db_name, db_host: connection.db_host, db_port: Number(connection.db_port) || null, db_path: connection.db_path,
          db_user: connection.db_user, comment: connection.comment, secrecy: connection.secrecy,
          review_role: reviewRoleValues(connection.review_role), allowed_tables: connection.allowed_tables, sample_rows: connection.sample_rows,
        } : { db_type: 'postgresql', db_port: 5432, secrecy: grades[0]?.value, review_role: reviewRoleValues(''), sample_rows: false }}
      >
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="db_type" label="数据库类型" style={{ flex: 1 }} rules={[{ required: true }]}>
            <Select disabled={editing} options={typeOptions} />
          </Form.Item>
          <Form.Item
            name="db_name"
            label="数据库名称"
            style={{ flex: 1 }}
            extra="数据库中的库名，同时是该连接的名称"
            rules={[{ required: true, whitespace: true, message: '请输入数据库名称' }, { pattern: DB_NAME_PATTERN, message: '只能包含中文、字母、数字、下划线、点和短横线' }]}
          >
            <Input disabled={editing} maxLength={64} />
          </Form.Item>
        </Space.Compact>
        {fileDb ? (
          <Form.Item
            name="db_path"
            label="数据库文件"
            extra="服务器上数据库文件目录（DB_FILE_DIR）中的文件，如 sales.duckdb 或 2024/sales.sqlite；以只读方式打开，不需要用户名和密码"
            rules={[{ required: true, whitespace: true, message: '请输入数据库文件路径' }]}
          >
            <Input placeholder="如 sales.sqlite" maxLength={1000} autoComplete="off" />
          </Form.Item>
        ) : (
          <>
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item name="db_host" label="主机" style={{ flex: 2 }} rules={[{ required: true, whitespace: true, message: '请输入主机地址' }]}>
              <Input placeholder="如 10.0.0.12 或 db.example.com" maxLength={253} />
            </Form.Item>
            <Form.Item name="db_port" label="端口" style={{ flex: 1 }} rules={[{ required: true, message: '请输入端口' }]}>
              <InputNumber min={1} max={65535} style={{ width: '100%' }} />
            </Form.Item>
          </Space.Compact>
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item name="db_user" label="用户名" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: '请输入用户名' }]} extra="建议使用只读账号">
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="db_pwd"
              label="密码"
              style={{ flex: 1 }}
              extra={editing ? '不填写则保留原密码（更改主机、端口或用户名时须重新填写）' : '加密保存，不会再显示'}
            >
              <Input.Password maxLength={512} autoComplete="new-password" />
            </Form.Item>
          </Space.Compact>
          </>
        )}
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="secrecy" label="密级" style={{ flex: 1 }} rules={[{ required: true, message: '请选择密级' }]} extra="密级达到的人员才能看到并使用该连接">
            <Select options={gradeOptions} />
          </Form.Item>
          <Form.Item name="review_role" label="可使用的角色" style={{ flex: 1 }} extra={roleHint(openToAll)}>
            <ReviewRoleSelect options={roleOptions} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="allowed_tables" label="可访问的表" extra={`逗号分隔的表名；不填则为${fileDb ? '该数据库文件中' : '该账号能读'}的全部表。其他表不会告诉大模型，也不能被查询`}>
          <Input placeholder="如 orders,customers" maxLength={5000} />
        </Form.Item>
        <Form.Item name="sample_rows" label="向大模型发送示例数据" valuePropName="checked" extra={SAMPLE_ROWS_HINT}>
          <Switch />
        </Form.Item>
        <Form.Item name="comment" label="说明">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {canTest && (
          <Space orientation="vertical" style={{ width: '100%' }} ref={resultRef}>
            <Button onClick={() => void runTest()} loading={testState.isLoading} data-testid="db-test">测试连接</Button>
            {tested?.ok && <Alert type={tested.result.can_write ? 'warning' : 'success'} showIcon title={tested.result.message} data-testid="db-test-result" />}
            {tested && !tested.ok && <Alert type="error" showIcon title={tested.message} data-testid="db-test-result" />}
          </Space>
        )}
      </Form>
    </Dialog>
  );
}
