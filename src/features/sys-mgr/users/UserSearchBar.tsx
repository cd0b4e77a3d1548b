import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import type { DictOption } from '../../../../contract/api';
import styles from './UserMgrPage.module.css';
import { STATUS_OPTIONS, type UserSearch } from './user-filters';

export type UserSearchBarProps = {
  grades: DictOption[];
  onSearch: (search: UserSearch) => void;
};

/** Keyword, clearance and status; 查询 applies them, 重置 clears them. */
export function UserSearchBar({ grades, onSearch }: UserSearchBarProps) {
  const [value, setValue] = useState<UserSearch>({});
  const set = (patch: Partial<UserSearch>) => setValue((v) => ({ ...v, ...patch }));
  return (
    <div className={styles.searchBar} role="search" aria-label="人员查询">
      <Input
        allowClear
        style={{ width: 240 }}
        prefix={<SearchOutlined />}
        placeholder="用户名、姓名、手机或邮箱"
        aria-label="关键字"
        maxLength={50}
        value={value.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        onPressEnter={() => onSearch(value)}
      />
      <Select
        allowClear
        style={{ width: 130 }}
        placeholder="密级"
        aria-label="密级"
        value={value.clearance}
        options={grades.map((g) => ({ value: g.id, label: g.name }))}
        onChange={(clearance?: string) => set({ clearance })}
      />
      <Select
        allowClear
        style={{ width: 120 }}
        placeholder="状态"
        aria-label="状态"
        value={value.status}
        options={STATUS_OPTIONS}
        onChange={(status?: UserSearch['status']) => set({ status })}
      />
      <Button type="primary" onClick={() => onSearch(value)}>查询</Button>
      <Button
        onClick={() => {
          setValue({});
          onSearch({});
        }}
      >
        重置
      </Button>
    </div>
  );
}
