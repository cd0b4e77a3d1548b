import { App, Empty, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { DictGroup, DictItem, DictItemBody } from '../../../../contract/api';
import { DataTable, type DataTableButton, type DataTableColumn } from '../../../components/data-table';
import { SearchTree, type KitTreeNode } from '../../../components/tree';
import { hasButton } from '../../../lib/storage';
import styles from '../depts/DeptMgrPage.module.css';
import {
  useCreateDictItemMutation, useDeleteDictItemMutation, useDictGroupsQuery, useDictItemsQuery, useDisableDictItemMutation,
  useUpdateDictItemMutation,
} from './api';
import { DictItemDialog } from './DictItemDialog';

const PATH = '/sysMgr/dictMgr';
const can = (code: DataTableButton) => (code === 'view' || code === 'columns' ? true : code !== 'batchDelete' && hasButton(PATH, code));

type Row = DictItem & Record<string, unknown>;

/** Groups (通用, 知识, 项目, 任务中心, 研发配置) with their dictionaries, as the kit tree; a dictionary's key is its code. */
function groupTree(groups: DictGroup[]): KitTreeNode[] {
  return groups.map((g) => ({
    key: `group:${g.code}`,
    title: g.name,
    children: g.dictionaries.map((d) => ({ key: d.code, title: `${d.name}（${d.itemCount}）`, data: d })),
  }));
}

/** 字典管理 (issue 17, D55): the dictionary groups as a tree; the chosen dictionary's entries in the kit table. */
export function DictMgrPage() {
  const { message } = App.useApp();
  const groups = useDictGroupsQuery();
  const first = groups.data?.flatMap((g) => g.dictionaries)[0];
  const [chosen, setChosen] = useState<string | null>(null);
  const dictCode = chosen ?? first?.code ?? null;
  const dict = groups.data?.flatMap((g) => g.dictionaries).find((d) => d.code === dictCode);
  const items = useDictItemsQuery(dictCode ?? '', { skip: !dictCode });
  const [dialog, setDialog] = useState<{ item: DictItem | null } | null>(null);
  const [create] = useCreateDictItemMutation();
  const [update] = useUpdateDictItemMutation();
  const [disable] = useDisableDictItemMutation();
  const [remove] = useDeleteDictItemMutation();
  const rows = (items.data ?? []) as Row[];
  const nameOf = (id: number | null) => rows.find((r) => r.id === id)?.name;

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name', title: '名称', width: 190, ellipsis: true,
      // The whole name on hover when a narrow window cuts it (the tag keeps antd from titling the cell itself).
      render: (v, row) => (
        <span title={v as string}>
          {v as string}
          {row.system === 'true' && <Tag color="blue" style={{ marginInlineStart: 6 }}>内置</Tag>}
        </span>
      ),
    },
    { key: 'code', title: '编码', width: 150, ellipsis: true },
    { key: 'parentId', title: '上级', width: 110, ellipsis: true, render: (v) => nameOf(v as number | null) ?? '—' },
    { key: 'sort', title: '排序', width: 64, align: 'right', sortable: true },
    {
      key: 'disabled', title: '状态', width: 84,
      render: (v, row) => (
        <Switch
          size="small"
          checked={!(v as boolean)}
          checkedChildren="启用"
          unCheckedChildren="停用"
          disabled={!hasButton(PATH, 'disable')}
          aria-label={`${row.name}${v ? '已停用' : '已启用'}`}
          onChange={(on) =>
            void disable({ dictCode: dictCode!, id: row.id, disabled: !on }).unwrap()
              .then(() => message.success(`已${on ? '启用' : '停用'}「${row.name}」`))
              .catch(() => undefined)
          }
        />
      ),
    },
  ];

  const save = async (body: DictItemBody) => {
    const target = dialog?.item;
    const saved = target
      ? await update({ dictCode: dictCode!, id: target.id, body }).unwrap()
      : await create({ dictCode: dictCode!, body }).unwrap();
    message.success(`${target ? '已保存' : '已新增'}字典项「${saved.name}」`);
    setDialog(null);
  };

  return (
    <div className={styles.page}>
      <div className={styles.treePane}>
        {groups.data && (
          <SearchTree
            treeData={groupTree(groups.data)}
            searchPlaceholder="搜索字典"
            selectedKey={dictCode ?? undefined}
            onSelect={(node) => {
              if (!node.key.startsWith('group:')) setChosen(node.key);
            }}
            defaultExpandedKeys={groups.data.map((g) => `group:${g.code}`)}
            defaultWidth={window.innerWidth >= 1400 ? 280 : 250}
          />
        )}
      </div>
      <div className={styles.main}>
        <section className={`${styles.card} ${styles.grow}`} aria-label="字典项">
          <Typography.Title level={5} className={styles.paneTitle}>
            {dict ? dict.name : '字典项'}
            {dict && (
              <Typography.Text type="secondary" className={styles.subtitle}>
                {dict.code} · 共 {rows.length} 项 · 停用的字典项不出现在选择框中
              </Typography.Text>
            )}
          </Typography.Title>
          {dictCode ? (
            <DataTable<Row>
              tableId="dictMgr-items"
              columns={columns}
              rows={rows}
              loading={items.isFetching}
              selection="none"
              can={can}
              systemField="system"
              systemTip="系统内置字典项，不能编辑或删除，可停用"
              onAdd={() => setDialog({ item: null })}
              onEdit={(row) => setDialog({ item: row })}
              onDelete={(row) =>
                remove({ dictCode, id: row.id }).unwrap().then(() => message.success(`已删除字典项「${row.name}」`))
              }
            />
          ) : (
            <Empty description="暂无字典" />
          )}
        </section>
      </div>
      {dialog && dict && (
        <DictItemDialog dictName={dict.name} item={dialog.item} items={rows} onSave={save} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
