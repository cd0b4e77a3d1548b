import { Card, Empty, Radio, Typography } from 'antd';
import { useState } from 'react';
import type { FuncNode } from '../../../../contract/api';
import { hasButton } from '../../../lib/storage';
import { useFuncTreeQuery } from './api';
import { ButtonTable } from './ButtonTable';
import { FuncCreateDialog } from './FuncCreateDialog';
import { FuncEditor } from './FuncEditor';
import { FuncTreePanel } from './FuncTreePanel';
import { findFunc } from './func-tree';

const PAGE = '/implConfigMgr/funcMgr';
const TYPES = [
  { value: 2, label: '管理功能' },
  { value: 1, label: '业务功能' },
];

/** 功能点管理 (系统管理员): functions (menus and routes) of either area and the buttons of each. */
export function FuncMgrPage() {
  const [type, setType] = useState(2);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState<{ parent: FuncNode | null } | null>(null);
  const { data: nodes = [], isFetching } = useFuncTreeQuery(type);
  // Without a choice (or once the chosen one is gone) the first function of the type is shown.
  const selected = findFunc(nodes, selectedId) ?? (isFetching ? undefined : nodes[0]);

  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card size="small">
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>功能点管理</Typography.Title>
          <Radio.Group
            aria-label="功能类型"
            optionType="button"
            buttonStyle="solid"
            options={TYPES}
            value={type}
            onChange={(e) => {
              setType(Number(e.target.value));
              setSelectedId(null);
            }}
          />
          <Typography.Text type="secondary">功能对应菜单与路由，按钮对应页面上的操作；角色授权后方可使用。</Typography.Text>
        </div>
      </Card>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card size="small" title="功能树" style={{ flex: 'none' }}>
          <FuncTreePanel
            nodes={nodes}
            loading={isFetching}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onAdd={(parent) => setAdding({ parent })}
            onDeleted={(id) => id === selected?.id && setSelectedId(null)}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 16 }}>
          {selected ? (
            <>
              <Card size="small" title={`功能信息：${selected.name}`}>
                <FuncEditor node={selected} parent={findFunc(nodes, selected.parentId)} canEdit={hasButton(PAGE, 'edit')} />
              </Card>
              <Card size="small" title="按钮">
                <ButtonTable func={selected} />
              </Card>
            </>
          ) : (
            <Card>
              <Empty description="请在左侧选择一个功能" />
            </Card>
          )}
        </div>
      </div>
      <FuncCreateDialog
        open={adding !== null}
        type={type}
        parent={adding?.parent ?? null}
        onClose={() => setAdding(null)}
        onCreated={setSelectedId}
      />
    </div>
  );
}
