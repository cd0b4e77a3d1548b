import { Form, Select, Space, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { deptOptions } from '../../../lib/dept-tree';
import { useReviewRoleOptionsQuery, useSpaceDeptsQuery } from '../api';

/** What the limit means, as the server applies it (D93). */
export const SPACE_ACCESS_HELP = '角色和部门都不选时，所有有知识库权限的人员都能看到这个空间；选择后，只有属于任一所选角色或部门（含下级部门）的人员和空间创建者能看到它、它的文档，以及在问答中引用它。';

/** 可见角色 and 可见部门 of a space, with the same pickers as the tool-set and connection dialogs. */
export function SpaceAccessFields() {
  const roles = useReviewRoleOptionsQuery();
  const depts = useSpaceDeptsQuery();
  const roleOptions = useMemo(() => (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name })), [roles.data]);
  const deptTree = useMemo(() => deptOptions(depts.data ?? []), [depts.data]);
  return (
    <>
      <Space.Compact block style={{ gap: 12 }}>
        <Form.Item name="roles" label="可见角色" style={{ flex: 1 }}>
          <Select mode="multiple" allowClear options={roleOptions} placeholder="不限" optionFilterProp="label" loading={roles.isLoading} />
        </Form.Item>
        <Form.Item name="depts" label="可见部门" style={{ flex: 1 }} extra="含下级部门">
          <TreeSelect multiple allowClear treeData={deptTree} treeDefaultExpandAll placeholder="不限" loading={depts.isLoading} showSearch treeNodeFilterProp="title" />
        </Form.Item>
      </Space.Compact>
      <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: -12 }}>{SPACE_ACCESS_HELP}</div>
    </>
  );
}
