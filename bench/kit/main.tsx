// A page that mounts the kit's data table and tree with bench-sized data; bench/kit-paint.mjs drives it.
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { DataTable, type DataTableColumn } from '../../src/components/data-table';
import { SearchTree, type KitTreeNode } from '../../src/components/tree';

const COLUMNS: DataTableColumn[] = Array.from({ length: 20 }, (_, c) => ({ key: `c${c}`, title: `列 ${c + 1}`, width: 120 }));
const ROWS = Array.from({ length: 200 }, (_, r) => {
  const row: Record<string, unknown> = { id: r + 1 };
  for (let c = 0; c < 20; c++) row[`c${c}`] = `单元格 ${r + 1}-${c + 1}`;
  return row;
});

/** 5,000 departments: 10 × 10 × 50, named so a search matches a few hundred. */
function departmentTree(): KitTreeNode[] {
  let n = 0;
  const node = (title: string, children?: KitTreeNode[]): KitTreeNode => ({ key: String(++n), title, children });
  return Array.from({ length: 10 }, (_, a) =>
    node(`事业部${a + 1}`, Array.from({ length: 10 }, (_, b) =>
      node(`中心${a + 1}-${b + 1}`, Array.from({ length: 48 }, (_, c) => node(`${c % 7 === 0 ? '研发' : '业务'}组${a + 1}-${b + 1}-${c + 1}`))))),
  );
}
const TREE = departmentTree();
const noop = () => undefined;

function App({ view }: { view: 'table' | 'tree' | 'none' }) {
  const [page] = useState({ pageSize: 200, currentPage: 1, totalSize: 200 });
  if (view === 'table') {
    return <DataTable columns={COLUMNS} rows={ROWS} pagination={page} onAdd={noop} onView={noop} onEdit={noop} onDelete={noop} onBatchDelete={noop} />;
  }
  if (view === 'tree') return <div style={{ height: 800 }}><SearchTree treeData={TREE} height={760} /></div>;
  return null;
}

const root = createRoot(document.getElementById('root')!);
const render = (view: 'table' | 'tree' | 'none') =>
  flushSync(() => root.render(<ConfigProvider locale={zhCN} componentSize="small"><App view={view} /></ConfigProvider>));
/** Resolves after the next frame has been painted. */
const painted = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

declare global {
  interface Window { bench: Record<string, (arg?: string) => Promise<number>> }
}

window.bench = {
  async mount(view) {
    render('none');
    await painted();
    const t0 = performance.now();
    render(view as 'table' | 'tree');
    await painted();
    return performance.now() - t0;
  },
  async search(text) {
    const input = document.querySelector<HTMLInputElement>('.search-tree input')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await painted();
    return performance.now() - t0;
  },
};
