import { fireEvent, screen } from '@testing-library/react';
import { renderAntd } from '../_shared/test-utils';
import { DataTable } from './DataTable';
import { makeRows, type UserRow } from './test-factories';
import type { DataTableColumn } from './types';

/** The table's box as wide as `width` px (jsdom lays nothing out; DataTable measures its own element). */
function tableBoxWidth(width: number) {
  const real = HTMLElement.prototype.getBoundingClientRect;
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('data-table') ? ({ width, height: 400, top: 0, left: 0, right: width, bottom: 400, x: 0, y: 0 } as DOMRect) : real.call(this);
  });
}

const colWidths = (container: HTMLElement) => Array.from(container.querySelectorAll('colgroup col')).map((c) => (c as HTMLElement).style.width);
const px = (widths: string[]) => widths.reduce((n, w) => n + parseFloat(w), 0);

const columns: DataTableColumn<UserRow>[] = [
  { key: 'name', title: '姓名', width: 100, ellipsis: true },
  { key: 'dept', title: '部门', width: 200, ellipsis: true },
];

afterEach(() => vi.restoreAllMocks());

describe('DataTable: column widths fitted to the table (spec §9)', () => {
  it('gives a wide table\'s spare width to the data columns; selection 55, index 64 and 操作 200 stay', () => {
    tableBoxWidth(1000);
    const { container } = renderAntd(<DataTable columns={columns} rows={makeRows(2)} onView={() => {}} />);
    const widths = colWidths(container);
    expect(widths[0]).toBe('55px');
    expect(widths[1]).toBe('64px');
    expect(widths.at(-1)).toBe('200px');
    // 1000 − 55 − 64 − 200 = 681 px shared 1 : 2 by 姓名 and 部门.
    expect(widths.slice(2, -1)).toEqual(['227px', '454px']);
    expect(px(widths)).toBe(1000);
  });

  it('cuts the widest text column first when the table is narrow, the 操作 column kept whole', () => {
    tableBoxWidth(500);
    const { container } = renderAntd(<DataTable columns={columns} rows={makeRows(2)} selection="none" onView={() => {}} />);
    const widths = colWidths(container);
    expect(widths).toEqual(['64px', '100px', '136px', '200px']);
  });

  it('cuts a column to half its width at most, then lets the table scroll sideways', () => {
    tableBoxWidth(400);
    const { container } = renderAntd(<DataTable columns={columns} rows={makeRows(2)} selection="none" onView={() => {}} />);
    const widths = colWidths(container);
    // 姓名 down to 60 (the narrowest any column goes), 部门 to half its 200: 424 px, wider than the 400 px table.
    expect(widths).toEqual(['64px', '60px', '100px', '200px']);
    expect((container.querySelector('.ant-table-content table') as HTMLElement).style.width).toBe('424px');
  });

  it('keeps a column the user resized at the width they gave it; the others take the rest', () => {
    tableBoxWidth(1000);
    const { container } = renderAntd(<DataTable columns={columns} rows={makeRows(1)} selection="none" onView={() => {}} />);
    const [handle] = screen.getAllByRole('separator', { name: '调整列宽' });
    // 姓名 is drawn 245 px wide (736 shared 1 : 2); dragged 40 px wider it is 285, and 部门 gives the 40.
    expect(colWidths(container)[1]).toBe('245px');
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: 140 });
    fireEvent.mouseUp(document, { clientX: 140 });
    expect(colWidths(container)).toEqual(['64px', '285px', '451px', '200px']);
  });

  it('draws the table as wide as its columns, so widths hold (no automatic layout)', () => {
    tableBoxWidth(500);
    const { container } = renderAntd(<DataTable columns={columns} rows={makeRows(1)} selection="none" onView={() => {}} />);
    const table = container.querySelector('.ant-table-content table') as HTMLElement;
    expect(table.style.tableLayout).toBe('fixed');
    expect(table.style.width).toBe('500px');
  });

  it('puts a fixed column at the right edge beside 操作, its heading still sticky (not shifted by its offset)', () => {
    tableBoxWidth(1000);
    const withActions: DataTableColumn<UserRow>[] = [{ key: 'actions', title: '账号操作', width: 130, fixed: 'right' }, ...columns];
    renderAntd(<DataTable columns={withActions} rows={makeRows(1)} selection="none" onView={() => {}} />);
    const headings = screen.getAllByRole('columnheader');
    expect(headings.map((h) => h.textContent)).toEqual(['序号', '姓名', '部门', '账号操作', '操作']);
    const actions = headings[3];
    expect(actions).toHaveClass('ant-table-cell-fix');
    expect(actions.style.position).not.toBe('relative');
    expect(headings[1].style.position).toBe('relative');
  });
});
