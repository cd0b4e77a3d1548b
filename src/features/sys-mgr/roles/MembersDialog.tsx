import { Alert, App, Tag, Transfer, Typography } from 'antd';
import type { TransferProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { isSystemAccount } from '../../../../contract/api/runtime';
import type { RoleItem, RoleMember } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { CANDIDATE_LIMIT, useRoleMembersQuery, useSetRoleMembersMutation, useUserCandidatesQuery, type UserCandidate } from './api';

/** Props of MembersDialog. */
export type MembersDialogProps = { role: RoleItem; onClose: () => void };

type Item = { key: string; id: number; username: string; fullName: string; deptName: string; disabled: boolean; system: boolean; inactive: boolean };

const SEARCH_DELAY_MS = 300;

function toItem(u: UserCandidate | RoleMember): Item {
  const system = ('system' in u && u.system === 'true') || isSystemAccount(u.id);
  return {
    key: String(u.id), id: u.id, username: u.username, fullName: u.fullName, deptName: u.deptName,
    // System accounts keep their own roles only (三员分立).
    disabled: system, system, inactive: u.disabled,
  };
}

function matches(item: Item, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return [item.username, item.fullName, item.deptName].some((v) => v.toLowerCase().includes(needle));
}

function ItemLabel({ item }: { item: Item }) {
  return (
    <span>
      {item.fullName}（{item.username}）
      <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>{item.deptName}</Typography.Text>
      {item.inactive && <Tag variant="filled" color="default" style={{ marginInlineStart: 6 }}>已停用</Tag>}
      {item.system && <Tag variant="filled" color="red" style={{ marginInlineStart: 6 }}>系统账号</Tag>}
    </span>
  );
}

/** 分配人员: a two-panel transfer between the users found by a search and the role's members. */
export function MembersDialog({ role, onClose }: MembersDialogProps) {
  const members = useRoleMembersQuery(role.id, { refetchOnMountOrArgChange: true });
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const candidates = useUserCandidatesQuery(keyword);
  const [save] = useSetRoleMembersMutation();
  const { message } = App.useApp();
  const [targetKeys, setTargetKeys] = useState<string[] | null>(null);
  // Users moved to the right stay listed when a later search no longer finds them.
  const [picked, setPicked] = useState<Map<string, Item>>(new Map());
  const readOnly = role.system === 'true';

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const memberKeys = useMemo(() => (members.data ?? []).map((m) => String(m.id)), [members.data]);
  const chosen = targetKeys ?? memberKeys;
  const found = useMemo(() => new Set((candidates.data?.list ?? []).map((u) => String(u.id))), [candidates.data]);
  // System accounts keep their own roles only (三员分立), so they are not offered at all.
  const offered = (candidates.data?.list ?? []).filter((u) => u.system !== 'true' && !isSystemAccount(u.id));
  const known = new Map([...picked, ...[...(members.data ?? []), ...offered].map((u) => [String(u.id), toItem(u)] as const)]);
  const dataSource = [...known.values()].map((item) => (readOnly ? { ...item, disabled: true } : item));
  const total = candidates.data?.total ?? 0;

  const filterOption: TransferProps<Item>['filterOption'] = (input, item, direction) =>
    // The left side is searched on the server (also by mobile and e-mail); the right side here.
    direction === 'left' ? found.has(item.key) || matches(item, input) : matches(item, input);

  const confirm = async () => {
    if (readOnly || !targetKeys) return onClose();
    await save({ id: role.id, userIds: targetKeys.map(Number) }).unwrap();
    void message.success('人员分配已保存，变动人员重新登录后生效');
    onClose();
  };

  return (
    <Dialog open title={`${readOnly ? '查看人员' : '分配人员'} — ${role.name}`} width={920} height={440} onClose={onClose} onOk={confirm} okText={readOnly ? '关闭' : '保存'} footer={readOnly ? 'close' : true}>
      {readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="系统角色只由对应的系统账号持有，成员不能修改。" />}
      {!readOnly && total > CANDIDATE_LIMIT && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`共 ${total} 人，左侧只列出前 ${CANDIDATE_LIMIT} 人，请输入姓名、用户名、手机或邮箱搜索。`} />
      )}
      <Transfer<Item>
        dataSource={dataSource}
        targetKeys={chosen}
        onChange={(keys, direction, moved) => {
          if (direction === 'right') {
            setPicked((prev) => new Map([...prev, ...moved.flatMap((k) => (known.has(String(k)) ? [[String(k), known.get(String(k)) as Item] as const] : []))]));
          }
          setTargetKeys(keys.map(String));
        }}
        titles={['可选人员', `已分配人员`]}
        showSearch
        filterOption={filterOption}
        onSearch={(direction, value) => direction === 'left' && setTyped(value)}
        locale={{ searchPlaceholder: '搜索姓名、用户名或部门', notFoundContent: '暂无数据', itemUnit: '人', itemsUnit: '人' }}
        render={(item) => ({ label: <ItemLabel item={item} />, value: item.username })}
        styles={{ section: { width: 420, height: 420 } }}
        disabled={readOnly}
        showSelectAll
      />
    </Dialog>
  );
}
