import { DeleteOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Spin, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { Dialogue } from '../../../contract/api';
import { useDeleteDialogueMutation, useDialoguesQuery } from './api';
import styles from './chat.module.css';
import { modeLabel } from './modes';

export type DialoguePanelProps = {
  activeUid: string | null;
  collapsed: boolean;
  onToggle: () => void;
  onNew: () => void;
  onSelect: (dialogue: Dialogue) => void;
  onDeleted: (convUid: string) => void;
};

/** The left panel (266/66, spec §4): the user's dialogues, newest first, with new, search and delete. */
export function DialoguePanel({ activeUid, collapsed, onToggle, onNew, onSelect, onDeleted }: DialoguePanelProps) {
  const [keyword, setKeyword] = useState('');
  const { data = [], isFetching } = useDialoguesQuery({ keyword: keyword || undefined });
  const [remove] = useDeleteDialogueMutation();
  const toggle = (
    <Tooltip title={collapsed ? '展开对话列表' : '收起对话列表'} placement="right">
      <Button type="text" aria-label={collapsed ? '展开对话列表' : '收起对话列表'} icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={onToggle} />
    </Tooltip>
  );

  if (collapsed) {
    return (
      <aside className={`${styles.side} ${styles.sideCollapsed}`} aria-label="对话列表">
        {toggle}
        <Tooltip title="新建对话" placement="right">
          <Button type="primary" shape="circle" aria-label="新建对话" icon={<PlusOutlined />} onClick={onNew} />
        </Tooltip>
      </aside>
    );
  }

  return (
    <aside className={styles.side} aria-label="对话列表">
      <div className={styles.sideHead}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} style={{ flex: 1 }}>
          新建对话
        </Button>
        {toggle}
      </div>
      <div className={styles.sideSearch}>
        <Input.Search allowClear placeholder="搜索对话标题" onSearch={(v) => setKeyword(v.trim())} />
      </div>
      <div className={styles.dialogues}>
        {isFetching && !data.length ? <Spin style={{ display: 'block', marginTop: 24 }} /> : null}
        {!isFetching && !data.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有匹配的对话' : '暂无对话'} /> : null}
        {data.map((d) => (
          // The row holds two controls side by side: opening the dialogue, and its bin. The bin's confirmation is
          // rendered in a portal, and React passes a portal's events up its component tree: inside the opening
          // control, the confirm click reached it and opened the dialogue being deleted.
          <div
            key={d.conv_uid}
            className={`${styles.dialogue} ${d.conv_uid === activeUid ? styles.dialogueActive : ''}`}
            data-testid="dialogue-item"
          >
            <div
              role="button"
              tabIndex={0}
              aria-current={d.conv_uid === activeUid ? 'true' : undefined}
              className={styles.dialogueOpen}
              onClick={() => onSelect(d)}
              onKeyDown={(e) => (e.key === 'Enter' ? onSelect(d) : undefined)}
            >
              <MessageOutlined className={styles.dialogueIcon} />
              <div className={styles.dialogueText}>
                <Typography.Text ellipsis={{ tooltip: d.user_input || '新对话' }}>{d.user_input || '新对话'}</Typography.Text>
                <span className={styles.dialogueMeta}>{modeLabel(d.chat_mode)} · {dayjs(d.gmt_modified).format('YYYY-MM-DD HH:mm:ss')}</span>
              </div>
            </div>
            <Popconfirm
              title="删除对话"
              description="确定删除该对话及其全部消息？"
              okText="删除"
              cancelText="取消"
              onConfirm={async () => {
                await remove(d.conv_uid).unwrap();
                onDeleted(d.conv_uid);
              }}
            >
              <Button
                type="text"
                size="small"
                className={styles.dialogueDelete}
                aria-label={`删除对话 ${d.user_input || '新对话'}`}
                icon={<DeleteOutlined />}
              />
            </Popconfirm>
          </div>
        ))}
      </div>
    </aside>
  );
}
