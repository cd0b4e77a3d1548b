import { Drawer, Transfer } from 'antd';
import type { Key } from 'react';

/** Props of ColumnDrawer. */
export type ColumnDrawerProps = {
  open: boolean;
  columns: { key: string; title: string }[];
  visibleKeys: string[];
  onChange: (visibleKeys: string[]) => void;
  onClose: () => void;
};

/** Column show/hide: a two-panel transfer (hidden ⇄ shown) with search, in a drawer. */
export function ColumnDrawer({ open, columns, visibleKeys, onChange, onClose }: ColumnDrawerProps) {
  return (
    <Drawer title="列设置" open={open} onClose={onClose} size={560}>
      <Transfer
        dataSource={columns}
        rowKey={(c) => c.key}
        titles={['隐藏的列', '显示的列']}
        targetKeys={visibleKeys}
        onChange={(keys: Key[]) => onChange(keys.map(String))}
        render={(c) => c.title}
        showSearch
        filterOption={(text, c) => c.title.toLowerCase().includes(text.toLowerCase())}
        locale={{ searchPlaceholder: '搜索列名' }}
        styles={{ section: { width: 240, height: 400 } }}
      />
    </Drawer>
  );
}
