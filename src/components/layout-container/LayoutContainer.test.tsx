import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderAntd } from '../_shared/test-utils';
import { LayoutContainer } from './LayoutContainer';

const pane = (name: string) => screen.getByRole('region', { name });
const basisOf = (el: HTMLElement) => el.style.flex;

describe('LayoutContainer', () => {
  it('places top, bottom, left, right and center with default sizes 100 and 200 px', () => {
    renderAntd(
      <LayoutContainer
        top={{ content: '页头' }}
        bottom={{ content: '页脚' }}
        left={{ content: '树' }}
        right={{ content: '属性' }}
        center="主体"
      />,
    );
    expect(basisOf(pane('上区域'))).toBe('0 0 100px');
    expect(basisOf(pane('下区域'))).toBe('0 0 100px');
    expect(basisOf(pane('左区域'))).toBe('0 0 200px');
    expect(basisOf(pane('右区域'))).toBe('0 0 200px');
    expect(screen.getByRole('main')).toHaveTextContent('主体');
  });
  it('closes a closable region', async () => {
    const onClose = vi.fn();
    const { user } = renderAntd(<LayoutContainer left={{ content: '树', closable: true, onClose }} center="主体" />);
    await user.click(within(pane('左区域')).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('region', { name: '左区域' })).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
  it('collapses a collapsible region to a bar and expands it again', async () => {
    const { user } = renderAntd(<LayoutContainer right={{ content: '属性', title: '属性面板', collapsible: true }} center="主体" />);
    await user.click(within(pane('右区域')).getByRole('button', { name: '折叠' }));
    expect(basisOf(pane('右区域'))).toBe('0 0 28px');
    expect(screen.queryByText('属性')).toBeNull();
    await user.click(within(pane('右区域')).getByRole('button', { name: '展开' }));
    expect(screen.getByText('属性')).toBeInTheDocument();
    expect(basisOf(pane('右区域'))).toBe('0 0 200px');
  });
  it('resizes a resizable side pane between 200 and 500 px', () => {
    renderAntd(<LayoutContainer left={{ content: '树', resizable: true }} center="主体" />);
    const handle = within(pane('左区域')).getByRole('separator', { name: '调整大小' });
    fireEvent.mouseDown(handle, { clientX: 0, clientY: 0 });
    fireEvent.mouseMove(document, { clientX: 120, clientY: 0 });
    expect(basisOf(pane('左区域'))).toBe('0 0 320px');
    fireEvent.mouseMove(document, { clientX: 900, clientY: 0 });
    expect(basisOf(pane('左区域'))).toBe('0 0 500px');
    fireEvent.mouseMove(document, { clientX: -900, clientY: 0 });
    fireEvent.mouseUp(document);
    expect(basisOf(pane('左区域'))).toBe('0 0 200px');
  });
  it('resizes a bottom pane by dragging its top edge upwards', () => {
    renderAntd(<LayoutContainer bottom={{ content: '日志', resizable: true }} center="主体" />);
    fireEvent.mouseDown(within(pane('下区域')).getByRole('separator'), { clientX: 0, clientY: 500 });
    fireEvent.mouseMove(document, { clientX: 0, clientY: 440 });
    fireEvent.mouseUp(document);
    expect(basisOf(pane('下区域'))).toBe('0 0 160px');
  });
  it('has no resize handle unless resizable', () => {
    renderAntd(<LayoutContainer left={{ content: '树' }} center="主体" />);
    expect(screen.queryByRole('separator')).toBeNull();
  });
  it('nests four levels and refuses a fifth with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const nest = (level: number): ReactNode => (level === 0 ? '最内层' : <LayoutContainer center={nest(level - 1)} />);
    const { unmount } = renderAntd(<>{nest(4)}</>);
    expect(screen.getByText('最内层')).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
    unmount();
    renderAntd(<>{nest(5)}</>);
    expect(screen.queryByText('最内层')).toBeNull();
    expect(screen.getByText('布局嵌套超过 4 层')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
