import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAntd } from '../_shared/test-utils';
import { PageShownContext } from '../page-shown';
import { Dialog } from './Dialog';

const bodyOf = () => document.querySelector('.ant-modal-body') as HTMLElement;
const boxOf = () => screen.getByTestId('dialog-box');

/** A mouse drag on `handle` from (0, 0) to (x, y), released there. */
function dragBy(handle: HTMLElement, x: number, y: number) {
  fireEvent.mouseDown(handle, { clientX: 0, clientY: 0 });
  fireEvent.mouseMove(document, { clientX: x, clientY: y });
  fireEvent.mouseUp(document);
}

beforeEach(() => {
  Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: 1200, configurable: true });
});

describe('Dialog', () => {
  it('hides with its page (browser Back, another tab) and comes back as it was when the page is shown again', async () => {
    const onClose = vi.fn();
    const page = (shown: boolean) => (
      <PageShownContext.Provider value={shown}>
        <Dialog open title="编辑用户" onClose={onClose}><input aria-label="姓名" /></Dialog>
      </PageShownContext.Provider>
    );
    const { user, rerender } = renderAntd(page(true));
    await user.type(screen.getByRole('textbox', { name: '姓名' }), '张伟');
    rerender(page(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(page(true));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '姓名' })).toHaveValue('张伟');
    expect(onClose).not.toHaveBeenCalled();
  });
  it('shows its title and content, and closes from 取消', async () => {
    const onClose = vi.fn();
    const { user } = renderAntd(<Dialog open title="编辑用户" onClose={onClose}>内容</Dialog>);
    expect(screen.getByText('编辑用户')).toBeInTheDocument();
    expect(screen.getByText('内容')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取 消' }));
    expect(onClose).toHaveBeenCalled();
  });
  it('sizes the body to window height − 200 with a footer and − 150 without', () => {
    const { unmount } = renderAntd(<Dialog open title="t" onClose={() => {}} />);
    expect(bodyOf().style.height).toBe('700px');
    unmount();
    renderAntd(<Dialog open title="t" footer={false} onClose={() => {}} />);
    expect(bodyOf().style.height).toBe('750px');
    expect(screen.queryByRole('button', { name: '确 定' })).toBeNull();
  });
  it('clamps an asked height to the window (spec §5) and keeps the box inside it', () => {
    Object.defineProperty(window, 'innerHeight', { value: 720, configurable: true });
    renderAntd(<Dialog open title="t" height={900} onClose={() => {}} />);
    expect(bodyOf().style.height).toBe('520px');
    const container = document.querySelector('.ant-modal-container') as HTMLElement;
    expect(container.style.maxHeight).toBe('calc(100vh - 16px)');
    expect(bodyOf().style.minHeight).toBe('0');
  });
  it('resizes from its corner grip, never past the window nor below the minimum', () => {
    renderAntd(<Dialog open title="t" width={600} height={300} onClose={() => {}} />);
    const grip = screen.getByTestId('dialog-resize');
    dragBy(grip, 100, 50);
    expect(bodyOf().style.height).toBe('350px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('700px');
    dragBy(grip, 5000, 5000);
    expect(bodyOf().style.height).toBe('700px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1184px');
    dragBy(grip, -5000, -5000);
    expect(bodyOf().style.height).toBe('120px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('300px');
  });
  it('toggles fullscreen, where the body is window height − 98', async () => {
    const { user } = renderAntd(<Dialog open title="t" onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(bodyOf().style.height).toBe('802px');
    await user.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(bodyOf().style.height).toBe('700px');
  });
  it('shows loading on 确定 while onOk is pending, and calls it once', async () => {
    let resolve = () => {};
    const onOk = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const { user } = renderAntd(<Dialog open title="t" onOk={onOk} onClose={() => {}} />);
    const ok = screen.getByRole('button', { name: /确/ });
    await user.click(ok);
    expect(ok).toHaveClass('ant-btn-loading');
    await act(async () => resolve());
    expect(ok).not.toHaveClass('ant-btn-loading');
    expect(onOk).toHaveBeenCalledTimes(1);
  });
  it('stops loading and stays open when onOk rejects', async () => {
    const { user } = renderAntd(<Dialog open title="t" onOk={() => Promise.reject(new Error('x'))} onClose={() => {}} />);
    const ok = screen.getByRole('button', { name: '确 定' });
    await user.click(ok);
    await waitFor(() => expect(ok).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByText('t')).toBeInTheDocument();
  });
  it('is dragged by its title and kept inside the viewport', () => {
    renderAntd(<Dialog open title="拖我" onClose={() => {}} />);
    const modal = boxOf().firstElementChild as HTMLElement;
    vi.spyOn(modal, 'getBoundingClientRect').mockReturnValue({ left: 200, top: 100, right: 1000, bottom: 800 } as DOMRect);
    fireEvent.mouseDown(screen.getByTestId('dialog-drag-area'), { clientX: 500, clientY: 120 });
    fireEvent.mouseMove(document, { clientX: 550, clientY: 150 });
    expect(boxOf().style.transform).toBe('translate(50px, 30px)');
    fireEvent.mouseMove(document, { clientX: 2000, clientY: -500 });
    fireEvent.mouseUp(document);
    expect(boxOf().style.transform).toBe('translate(200px, -100px)');
  });
  it('reopens centred after being dragged and closed', async () => {
    const { rerender } = renderAntd(<Dialog open title="拖我" onClose={() => {}} />);
    vi.spyOn(boxOf().firstElementChild as HTMLElement, 'getBoundingClientRect').mockReturnValue({ left: 200, top: 100, right: 1000, bottom: 800 } as DOMRect);
    fireEvent.mouseDown(screen.getByTestId('dialog-drag-area'), { clientX: 500, clientY: 120 });
    fireEvent.mouseMove(document, { clientX: 550, clientY: 150 });
    fireEvent.mouseUp(document);
    rerender(<Dialog open={false} title="拖我" onClose={() => {}} />);
    rerender(<Dialog open title="拖我" onClose={() => {}} />);
    await waitFor(() => expect(boxOf().style.transform).toBe('translate(0px, 0px)'));
  });
  it('is resized from its corner handle, not below the minimum', () => {
    renderAntd(<Dialog open title="t" width={600} height={400} onClose={() => {}} />);
    const handle = screen.getByRole('separator', { name: '调整窗口大小' });
    dragBy(handle, 100, 50);
    expect(bodyOf().style.height).toBe('450px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('700px');
    dragBy(handle, -2000, -2000);
    expect(bodyOf().style.height).toBe('120px');
  });
});
