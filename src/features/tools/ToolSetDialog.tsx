import { Form, Input, Radio, Select, Space, TreeSelect, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useEffect, useMemo } from 'react';
import { TOOL_SET_KINDS, TOOL_SET_NAME_PATTERN } from '../../../contract/api/tools-limits';
import type { ToolSet, ToolSetBody } from '../../../contract/api';
import { Dialog } from '../../components/dialog';
import type { Option } from '../knowledge/documents/useDocumentOptions';
import { EVERYONE } from '../knowledge/documents/review-roles';
import { useAddToolSetMutation, useEditToolSetMutation, useToolDeptsQuery } from './api';
import { deptOptions } from '../../lib/dept-tree';
import { hasButton } from '../../lib/storage';
import { SpecUrlImport } from './SpecUrlImport';

type Values = {
  name: string; kind: 'mcp' | 'openapi'; url?: string; spec?: string; credential?: string; auth_header?: string;
  secrecy: string; roles: string[]; depts: number[]; description?: string;
};

export type ToolSetDialogProps = {
  /** null: add. */
  set: ToolSet | null;
  grades: Option[];
  roles: Option[];
  onClose: () => void;
  onSaved: (saved: ToolSet) => void;
};

const idsOf = (field: string) => field.split(',').map((s) => s.trim()).filter(Boolean);

/** The body of set/add and set/edit from the form. */
export function toolSetBody(v: Values, id?: number): ToolSetBody {
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(), kind: v.kind, url: v.url?.trim() ?? '', spec: v.kind === 'openapi' ? (v.spec ?? '') : '',
    credential: v.credential ?? '', auth_header: v.auth_header?.trim() ?? '', secrecy: v.secrecy,
    review_role: v.roles.join(','), dept_ids: v.depts.join(','), description: v.description?.trim() ?? '',
  };
}

/**
 * Who may use a set, as the server decides (D89): the members of a granted role or department who hold 工具库;
 * nobody until something is granted (the creator and the managers see it), except a set older than D89, open to all.
 */
export function grantHint(openToAll: boolean): string {
  const after = '选择后，属于任一所选角色或部门（含下级部门）的人员可使用；使用者还需有“工具库”功能权限。';
  const writes = '新读取到的“写入”“对外发送”类工具默认关闭，须在工具列表中逐个开启。';
  return openToAll
    ? `该工具集创建于权限收紧之前：角色和部门都不选时，所有人员都可使用；${after}${writes}`
    : `角色和部门都不选时，该工具集只有创建者和工具库管理员能看到，任何人都不能在对话中使用；${after}${writes}`;
}

/** 新增 / 编辑工具集: how it is reached, its credential, its secrecy ceiling and who may use it. */
export function ToolSetDialog({ set, grades, roles, onClose, onSaved }: ToolSetDialogProps) {
  const [form] = Form.useForm<Values>();
  const [add] = useAddToolSetMutation();
  const [edit] = useEditToolSetMutation();
  const depts = useToolDeptsQuery();
  const kind = Form.useWatch('kind', form) ?? set?.kind ?? 'mcp';
  const editing = set !== null;
  const deptTree = useMemo(() => deptOptions(depts.data ?? []), [depts.data]);
  const roleOptions = roles.filter((r) => r.value !== EVERYONE);
  // The grades may arrive after the dialog opened: the lowest is the default ceiling of a new set.
  const lowest = grades[0]?.value;
  useEffect(() => {
    if (lowest && !form.getFieldValue('secrecy')) form.setFieldValue('secrecy', lowest);
  }, [form, lowest]);

  const submit = async () => {
    const v = await form.validateFields();
    onSaved(await (editing ? edit(toolSetBody(v, set.id)) : add(toolSetBody(v))).unwrap());
  };

  return (
    <Dialog open title={editing ? `编辑工具集：${set.name}` : '新增工具集'} width={760} onClose={onClose} onOk={submit}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: set?.name ?? '', kind: (set?.kind as Values['kind']) ?? 'mcp', url: set?.url ?? '', auth_header: set?.auth_header ?? '',
          secrecy: set?.secrecy ?? grades[0]?.value, roles: set ? idsOf(set.review_role) : [], depts: set ? idsOf(set.dept_ids).map(Number) : [],
          description: set?.description ?? '',
        }}
      >
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item
            name="name" label="名称" style={{ flex: 1 }}
            rules={[
              { required: true, whitespace: true, message: '请输入工具集名称' },
              { pattern: TOOL_SET_NAME_PATTERN, message: '名称只能包含中文、字母、数字、空格、下划线、点和短横线，最长 64 个字符' },
            ]}
          >
            <Input maxLength={64} showCount placeholder="如：工单系统" />
          </Form.Item>
          <Form.Item name="kind" label="类型" style={{ flex: 1 }} required>
            <Radio.Group disabled={editing} options={TOOL_SET_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
          </Form.Item>
        </Space.Compact>
        <Form.Item
          name="url"
          label={kind === 'mcp' ? 'MCP 服务地址' : '接口地址'}
          rules={kind === 'mcp' ? [{ required: true, whitespace: true, message: '请输入 MCP 服务地址' }, { type: 'url', message: '请输入 http:// 或 https:// 开头的地址' }] : [{ type: 'url', message: '请输入 http:// 或 https:// 开头的地址' }]}
          extra={kind === 'mcp' ? 'Streamable HTTP 端点，如 https://mcp.example.com/mcp' : '不填则使用文档中 servers 的第一个地址'}
        >
          <Input maxLength={2000} placeholder={kind === 'mcp' ? 'https://' : '可选'} />
        </Form.Item>
        {/* The read reaches out from the server: the 新增工具集 button, as the server requires. */}
        {kind === 'openapi' && hasButton('/toolsBase', 'add') && <SpecUrlImport form={form} />}
        {kind === 'openapi' && (
          <Form.Item
            name="spec" label="OpenAPI 文档" required
            rules={[{ required: !editing, whitespace: true, message: '请粘贴、上传或从 URL 导入 OpenAPI 3 文档（JSON 或 YAML）' }]}
            extra={(
              <Upload
                accept=".json,.yaml,.yml"
                showUploadList={false}
                beforeUpload={(file) => {
                  void file.text().then((text) => form.setFieldValue('spec', text));
                  return false;
                }}
              >
                <a><UploadOutlined /> 从文件读取（.json / .yaml）</a>
              </Upload>
            )}
          >
            <Input.TextArea rows={6} placeholder={editing ? '不修改则留空' : '粘贴 OpenAPI 3 文档'} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        )}
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="credential" label="凭据" style={{ flex: 2 }} extra={set?.has_credential ? '已保存凭据；留空则不修改' : 'API Key 或令牌，加密保存，不会再显示'}>
            <Input.Password autoComplete="new-password" maxLength={4096} placeholder={set?.has_credential ? '••••••（已保存）' : '可选'} />
          </Form.Item>
          <Form.Item name="auth_header" label="凭据请求头" style={{ flex: 1 }} extra="不填则为 Authorization: Bearer">
            <Input maxLength={100} placeholder="如 X-API-Key" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="secrecy" label="密级上限" rules={[{ required: true, message: '请选择密级上限' }]} extra="可以发送给该工具集的内容的最高密级：对话中出现过更高密级的内容后，不再调用该工具集">
          <Select options={grades} />
        </Form.Item>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="roles" label="授权角色" style={{ flex: 1 }}>
            <Select mode="multiple" allowClear options={roleOptions} placeholder={set?.open_to_all ? '不限' : '未授权'} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="depts" label="授权部门" style={{ flex: 1 }} extra="含下级部门">
            <TreeSelect multiple allowClear treeData={deptTree} treeDefaultExpandAll placeholder={set?.open_to_all ? '不限' : '未授权'} loading={depts.isLoading} showSearch treeNodeFilterProp="title" />
          </Form.Item>
        </Space.Compact>
        <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: -12, marginBottom: 12 }} data-testid="toolset-grant-hint">{grantHint(set?.open_to_all ?? false)}</div>
        <Form.Item name="description" label="说明">
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
