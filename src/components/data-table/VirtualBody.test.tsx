import { fireEvent, screen, within } from '@testing-library/react';
import { render } from '../../test/render';
import { VirtualBody, VIRTUAL_ROW_HEIGHT, type BodyColumn, type BodyScrollInfo, type BodySelection } from './VirtualBody';

type Row = { id: number; name: string };
const ROWS: Row[] = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `很长很长的名字${i + 1}` }));
const COLUMNS: BodyColumn<Row>[] = [
  { key: 'index', width: 64, align: 'center', cell: (_r, i) => i + 1 },
  { key: 'name', width: 120, ellipsis: true, cell: (r) => r.name, title: (r) => r.name },
  { key: 'tools', width: 200, fixedRight: true, cell: (r) => <button type="button">查看{r.id}</button> },
];

function renderBody(extra: Partial<BodyScrollInfo> = {}, selected: number[] = [], selection?: BodySelection<Row>) {
  const info: BodyScrollInfo = { scrollbarSize: 0, ref: { current: null }, onScroll: vi.fn(), ...extra };
  const utils = render(
    <VirtualBody
      rows={ROWS} columns={COLUMNS} selection={selection} rowKey={(r) => r.id} isSelected={(r) => selected.includes(r.id)} height={400}
      scrollbarSize={info.scrollbarSize} scrollRef={info.ref} onScroll={info.onScroll}
    />,
  );
  return { ...utils, info, body: screen.getByRole('table', { name: '数据行' }) };
}

const shownIds = () => screen.getAllByRole('row').map((r) => Number(r.getAttribute('aria-rowindex')));

describe('VirtualBody', () => {
  it('renders only the rows in view and a few beyond, each at its place', () => {
    const { body } = renderBody();
    expect(body).toHaveAttribute('aria-rowcount', '500');
    const ids = shownIds();
    expect(ids[0]).toBe(1);
    expect(ids.length).toBeLessThan(30);
    expect(ids.length).toBeGreaterThanOrEqual(Math.ceil(400 / VIRTUAL_ROW_HEIGHT));
    expect((body.firstElementChild as HTMLElement).style.height).toBe(`${500 * VIRTUAL_ROW_HEIGHT}px`);
    expect(screen.getAllByRole('row')[3].style.top).toBe(`${3 * VIRTUAL_ROW_HEIGHT}px`);
  });

  it('renders the rows scrolled to, and moves the header sideways with it', () => {
    const { body, info } = renderBody();
    body.scrollTop = 300 * VIRTUAL_ROW_HEIGHT;
    body.scrollLeft = 90;
    fireEvent.scroll(body);
    const ids = shownIds();
    expect(ids).toContain(301);
    expect(ids).not.toContain(1);
    expect(screen.getByRole('button', { name: '查看301' })).toBeInTheDocument();
    expect(info.onScroll).toHaveBeenLastCalledWith({ currentTarget: body, scrollLeft: 90 });
  });

  it('gives the last column the vertical scrollbar’s width, as the header above does', () => {
    renderBody({ scrollbarSize: 15 });
    const first = screen.getAllByRole('row')[0];
    const widths = within(first).getAllByRole('cell').map((c) => c.style.width);
    expect(widths).toEqual(['64px', '120px', '185px']);
    expect(first.style.width).toBe('369px');
  });

  it('cuts long text with its whole text as the title, aligns as asked, and marks selected rows', () => {
    renderBody({}, [2]);
    const [first, second] = screen.getAllByRole('row');
    const [index, name] = within(first).getAllByRole('cell');
    expect(index.style.justifyContent).toBe('center');
    expect(name).toHaveAttribute('title', '很长很长的名字1');
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveClass('ant-table-row-selected');
    expect(first).toHaveAttribute('aria-selected', 'false');
  });

  it('hands rc-table the scrolling element through its ref', () => {
    const ref = { current: null as HTMLElement | null };
    const { body } = renderBody({ ref });
    expect(ref.current).toBe(body);
  });

  it('draws the select column first: checked for selected rows, disabled where asked, toggling the row', () => {
    const onToggle = vi.fn();
    renderBody({ scrollbarSize: 0 }, [2], { type: 'checkbox', width: 55, disabled: (r) => r.id === 1, onToggle });
    const [first, second, third] = screen.getAllByRole('row');
    expect(within(first).getAllByRole('cell')[0].style.width).toBe('55px');
    expect(within(first).getByRole('checkbox', { name: '选择此行' })).toBeDisabled();
    expect(within(second).getByRole('checkbox')).toBeChecked();
    fireEvent.click(within(third).getByRole('checkbox'));
    expect(onToggle).toHaveBeenCalledWith(ROWS[2]);
    expect(first.style.width).toBe('439px');
  });

  it('keeps each fixed column at its distance from the right edge, the shadow on the first', () => {
    const columns: BodyColumn<Row>[] = [
      ...COLUMNS.slice(0, 2),
      { key: 'actions', width: 130, fixedRight: true, cell: () => '设置密级' },
      COLUMNS[2],
    ];
    render(
      <VirtualBody
        rows={ROWS} columns={columns} rowKey={(r) => r.id} isSelected={() => false} height={400}
        scrollbarSize={0} scrollRef={{ current: null }} onScroll={vi.fn()}
      />,
    );
    const cells = within(screen.getAllByRole('row')[0]).getAllByRole('cell');
    expect(cells.map((c) => c.style.right)).toEqual(['', '', '200px', '0px']);
  });
});
