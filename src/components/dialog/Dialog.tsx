import { Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { startDrag } from '../_shared';
import { usePageShown } from '../page-shown';
import { DialogTitle } from './DialogTitle';
import { clampDrag, clampedBodyHeight, clampedWidth, DIALOG_MARGIN, MIN_DIALOG_SIZE } from './geometry';
import type { Offset } from './geometry';
import { useWindowHeight } from './useWindowHeight';

/** Props of Dialog. */
export type DialogProps = {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Confirm: the button shows loading until the returned promise settles; a rejection keeps the dialog open. */
  onOk?: () => unknown;
  onClose: () => void;
  /** Show the confirm / close footer (default true); 'close' shows a single 关闭 for a dialog that only shows. */
  footer?: boolean | 'close';
  okText?: string;
  cancelText?: string;
  /** Width in px (default 800). */
  width?: number;
  /** Body height in px; default from dialogBodyHeight. */
  height?: number;
  draggable?: boolean;
  resizable?: boolean;
  fullscreenable?: boolean;
  /** Start in fullscreen. */
  defaultFullscreen?: boolean;
};

/** The dialog of spec §2: draggable by its title within the viewport, resizable, fullscreen, loading confirm. */
export function Dialog(props: DialogProps) {
  const { footer = true, draggable = true, resizable = true, fullscreenable = true } = props;
  // Hidden, not closed, while its page is not the one shown: what was typed is there when the page comes back.
  const shown = usePageShown();
  const open = props.open && shown;
  const windowHeight = useWindowHeight();
  const [fullscreen, setFullscreen] = useState(props.defaultFullscreen ?? false);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [size, setSize] = useState<{ width: number; height?: number }>({ width: props.width ?? 800, height: props.height });
  const [loading, setLoading] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const bodyHeight = clampedBodyHeight(size.height, windowHeight, { footer: footer !== false, fullscreen });
  const width = clampedWidth(size.width, typeof window === 'undefined' ? size.width : window.innerWidth);

  const onDragStart = (e: MouseEvent) => {
    const box = boxRef.current?.firstElementChild?.getBoundingClientRect();
    if (!box) return;
    const start = offset;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    startDrag(e, ({ dx, dy }) => setOffset(clampDrag(start, dx, dy, box, viewport)));
  };
  const onResizeStart = (e: MouseEvent) => {
    e.stopPropagation();
    const start = { width, height: bodyHeight };
    // Clamped as it is drawn: never smaller than the minimum, never past the window (spec §2, §5).
    startDrag(e, ({ dx, dy }) =>
      setSize({ width: clampedWidth(start.width + dx, window.innerWidth), height: Math.max(MIN_DIALOG_SIZE.height, start.height + dy) }),
    );
  };
  const confirm = async () => {
    setLoading(true);
    try {
      await props.onOk?.();
    } catch {
      // The caller reports its own failure; the dialog just stays open.
    } finally {
      setLoading(false);
    }
  };

  const footerNode = footer === 'close'
    ? [
        <Button key="close" type="primary" onClick={props.onClose}>
          {props.okText ?? '关闭'}
        </Button>,
      ]
    : footer
    ? [
        <Button key="cancel" onClick={props.onClose}>
          {props.cancelText ?? '取消'}
        </Button>,
        <Button key="ok" type="primary" loading={loading} onClick={() => void confirm()}>
          {props.okText ?? '确定'}
        </Button>,
      ]
    : null;

  return (
    <Modal
      open={open}
      onCancel={props.onClose}
      afterClose={() => setOffset({ x: 0, y: 0 })}
      mask={{ closable: false }}
      footer={footerNode}
      width={fullscreen ? '100vw' : width}
      centered={!fullscreen}
      style={fullscreen ? { top: 0, maxWidth: '100vw', margin: 0, padding: 0 } : { maxWidth: `calc(100vw - ${2 * DIALOG_MARGIN}px)`, padding: `${DIALOG_MARGIN}px 0` }}
      styles={{
        // The box never passes the window: its body gives way first, so title and footer stay on screen.
        container: fullscreen
          ? { height: '100vh', display: 'flex', flexDirection: 'column', borderRadius: 0 }
          : { maxHeight: `calc(100vh - ${2 * DIALOG_MARGIN}px)`, display: 'flex', flexDirection: 'column' },
        body: { height: bodyHeight, flex: fullscreen ? '0 0 auto' : '0 1 auto', minHeight: 0, overflow: 'auto', paddingBottom: 4 },
      }}
      title={
        <DialogTitle
          title={props.title}
          fullscreen={fullscreen}
          fullscreenable={fullscreenable}
          draggable={draggable}
          onToggleFullscreen={() => setFullscreen((f) => !f)}
          onDragStart={onDragStart}
        />
      }
      modalRender={(node) => (
        <div ref={boxRef} data-testid="dialog-box" style={{ position: 'relative', transform: fullscreen ? undefined : `translate(${offset.x}px, ${offset.y}px)` }}>
          {node}
          {resizable && !fullscreen && (
            <span
              role="separator"
              aria-label="调整窗口大小"
              title="拖动调整窗口大小"
              data-testid="dialog-resize"
              onMouseDown={onResizeStart}
              style={{
                position: 'absolute', right: 2, bottom: 2, width: 16, height: 16, cursor: 'nwse-resize', zIndex: 1,
                // antd's modal wrapper takes no pointer events (only its content does): the grip must ask for them,
                // or it is drawn but cannot be grabbed (found in Chromium; jsdom does not apply pointer-events).
                pointerEvents: 'auto',
                // A visible grip: two short diagonal strokes in the corner.
                background: 'linear-gradient(135deg, transparent 0 55%, #bfbfbf 55% 62%, transparent 62% 75%, #bfbfbf 75% 82%, transparent 82%)',
              }}
            />
          )}
        </div>
      )}
    >
      {props.children}
    </Modal>
  );
}
