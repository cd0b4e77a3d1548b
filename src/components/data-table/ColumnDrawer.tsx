import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Drawer, List, Transfer, Typography } from 'antd';
import type { Key } from 'react';

/** Props of ColumnDrawer. */
export type ColumnDrawerProps = {
  open: boolean;
  columns: { key: string; title: string }[];
  /** The shown columns, in their order. */
  visibleKeys: string[];
  onChange: (visibleKeys: string[]) => void;
  /** Moves a shown column one place left (-1) or right (+1). */
  onMove?: (key: string, step: -1 | 1) => void;
  onClose: () => void;
};

/** Column show/hide: a two-panel transfer (hidden ⇄ shown) with search, and the shown columns' order, in a drawer. */
export function ColumnDrawer({ open, columns, visibleKeys, onChange, onMove, onClose }: ColumnDrawerProps) {
  const titles = new Map(columns.map((c) => [c.key, c.title]));
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
      {onMove && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>显示顺序</Typography.Title>
          <List
            size="small"
            bordered
            aria-label="列的显示顺序"
            dataSource={visibleKeys}
            renderItem={(key, i) => (
              <List.Item
                actions={[
                  <Button key="up" size="small" type="text" icon={<ArrowUpOutlined />} aria-label={`上移 ${titles.get(key) ?? key}`} disabled={i === 0} onClick={() => onMove(key, -1)} />,
                  <Button key="down" size="small" type="text" icon={<ArrowDownOutlined />} aria-label={`下移 ${titles.get(key) ?? key}`} disabled={i === visibleKeys.length - 1} onClick={() => onMove(key, 1)} />,
                ]}
              >
                {titles.get(key) ?? key}
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
