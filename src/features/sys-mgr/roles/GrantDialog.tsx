import { Alert, App, Button, Col, Input, Row, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { GRANT_TYPE_BUSINESS, GRANT_TYPE_MANAGEMENT } from '../../../../contract/api/sys-mgr/roles-limits';
import type { RoleItem } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { useRoleGrantsQuery, useSetRoleGrantsMutation } from './api';
import { checkedOf, countChecked, filterGrantTree, grantsBody, indexTrees, sectionTree, toggle } from './grant-tree';
import { GrantTree } from './GrantTree';

/** Props of GrantDialog. */
export type GrantDialogProps = { role: RoleItem; onClose: () => void };

/** 授权: the role's function points and buttons, business and management sections side by side. */
export function GrantDialog({ role, onClose }: GrantDialogProps) {
  const { data, isFetching, isError } = useRoleGrantsQuery(role.id, { refetchOnMountOrArgChange: true });
  const [save] = useSetRoleGrantsMutation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const readOnly = role.system === 'true';
  const business = useMemo(() => sectionTree(data?.functions ?? [], GRANT_TYPE_BUSINESS), [data]);
  const management = useMemo(() => sectionTree(data?.functions ?? [], GRANT_TYPE_MANAGEMENT), [data]);
  const index = useMemo(() => indexTrees([...business, ...management]), [business, management]);
  const checked = edited ?? (data ? checkedOf(data) : new Set<string>());
  const counts = countChecked([...business, ...management], checked);
  const onToggle = (key: string, on: boolean) => setEdited(toggle(checked, key, on, index));
  const setAll = (nodes: typeof business, on: boolean) =>
    setEdited(nodes.reduce((acc, node) => toggle(acc, node.key, on, index), new Set(checked)));

  const confirm = async () => {
    if (readOnly || !edited) return onClose();
    await save({ id: role.id, ...grantsBody(edited) }).unwrap();
    void message.success('授权已保存，该角色的人员重新登录后生效');
    onClose();
  };

  const section = (title: string, nodes: typeof business, note: string | null, disabled: boolean) => (
    <div className="grant-section" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, height: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>{title}</Typography.Title>
        {!disabled && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setAll(nodes, true)}>全部授予</Button>
            <Button type="link" size="small" onClick={() => setAll(nodes, false)}>清空</Button>
          </Space>
        )}
      </div>
      {note && <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{note}</Typography.Paragraph>}
      <GrantTree nodes={filterGrantTree(nodes, search)} checked={checked} onToggle={onToggle} disabled={disabled} searchKey={search} />
    </div>
  );

  return (
    <Dialog open title={`授权 — ${role.name}`} width={1000} onClose={onClose} onOk={confirm} okText={readOnly ? '关闭' : '保存'}>
      {readOnly && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="系统角色的权限按三员分立固定，只能查看，不能修改。" />
      )}
      {isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title="权限数据加载失败，请关闭后重试" />}
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索功能点、按钮或路径" style={{ maxWidth: 320 }} onChange={(e) => setSearch(e.target.value)} />
        <Typography.Text type="secondary" data-testid="grant-counts">
          已选功能点 {counts.functions} 项，按钮 {counts.buttons} 项
        </Typography.Text>
      </div>
      <Spin spinning={isFetching}>
        <Row gutter={16}>
          <Col span={12}>
            {section('业务功能', business, readOnly ? null : '勾选功能点即授予其下全部按钮，可再取消不需要的按钮；勾选按钮会同时授予所属功能点。', readOnly)}
          </Col>
          <Col span={12}>
            {section('系统管理功能', management, readOnly ? null : '系统管理功能只属于三员角色（三员分立），不能授予普通角色。', true)}
          </Col>
        </Row>
      </Spin>
    </Dialog>
  );
}
