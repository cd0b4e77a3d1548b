import { Button, Input, Popover, Tabs } from 'antd';
import { useState } from 'react';
import { ANTD_ICONS, DEFAULT_ICON, ICONFONT_ICONS, IconView } from './icon-sets';

/** Props of IconPicker. */
export type IconPickerProps = { value?: string; onChange?: (value: string) => void; disabled?: boolean };

function IconGrid({ names, search, onPick }: { names: string[]; search: string; onPick: (name: string) => void }) {
  const shown = names.filter((n) => n.toLowerCase().includes(search.toLowerCase()));
  if (shown.length === 0) return <div style={{ padding: 8 }}>暂无数据</div>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 40px)', gap: 4, maxHeight: 240, overflow: 'auto' }}>
      {shown.map((n) => (
        <Button key={n} aria-label={n} title={n} icon={<IconView value={n} />} onClick={() => onPick(n)} />
      ))}
    </div>
  );
}

/** Icon picker over two sets (antd icons, iconfont `icon_` classes), default `iconfont icon_bangzhu`. */
export function IconPicker({ value, onChange, disabled }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const current = value || DEFAULT_ICON;
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };
  const content = (
    <div style={{ width: 280 }}>
      <Input allowClear placeholder="搜索图标" value={search} onChange={(e) => setSearch(e.target.value)} />
      <Tabs
        size="small"
        items={[
          { key: 'antd', label: '系统图标', children: <IconGrid names={Object.keys(ANTD_ICONS)} search={search} onPick={pick} /> },
          { key: 'iconfont', label: '扩展图标', children: <IconGrid names={ICONFONT_ICONS} search={search} onPick={pick} /> },
        ]}
      />
    </div>
  );
  return (
    <Popover trigger="click" open={open && !disabled} onOpenChange={setOpen} content={content} placement="bottomLeft">
      {/* The icon itself, never its class name (`iconfont icon_xitong` means nothing to a reader). */}
      <Button disabled={disabled} icon={<IconView value={current} />} aria-label="选择图标" data-icon-value={current}>
        更换图标
      </Button>
    </Popover>
  );
}
