import { Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { startDrag } from '../_shared';
import { DialogTitle } from './DialogTitle';
import { clampDrag, dialogBodyHeight, MIN_DIALOG_SIZE } from './geometry';
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
  /** Show the confirm / close footer (default true). */
  footer?: boolean;
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
  const { open, footer = true, draggable = true, resizable = true, fullscreenable = true } = props;
  const windowHeight = useWindowHeight();
  const [fullscreen, setFullscreen] = useState(props.defaultFullscreen ?? false);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [size, setSize] = useState<{ width: number; height?: number }>({ width: props.width ?? 800, height: props.height });
  const [loading, setLoading] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const bodyHeight = fullscreen ? dialogBodyHeight(windowHeight, { footer, fullscreen }) : (size.height ?? dialogBodyHeight(windowHeight, { footer, fullscreen }));

  const onDragStart = (e: MouseEvent) => {
    const box = boxRef.current?.firstElementChild?.getBoundingClientRect();
    if (!box) return;
    const start = offset;
    const viewport = { width: window.innerWidth, height: window.innerHeight };
    startDrag(e, ({ dx, dy }) => setOffset(clampDrag(start, dx, dy, box, viewport)));
  };
  const onResizeStart = (e: MouseEvent) => {
    e.stopPropagation();
    const start = { width: size.width, height: bodyHeight };
    startDrag(e, ({ dx, dy }) =>
      setSize({ width: Math.max(MIN_DIALOG_SIZE.width, start.width + dx), height: Math.max(MIN_DIALOG_SIZE.height, start.height + dy) }),
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

  const footerNode = footer
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
      width={fullscreen ? '100vw' : size.width}
      style={fullscreen ? { top: 0, maxWidth: '100vw', padding: 0 } : undefined}
      styles={{ body: { height: bodyHeight, overflow: 'auto' } }}
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
              onMouseDown={onResizeStart}
              style={{ position: 'absolute', right: 0, bottom: 0, width: 12, height: 12, cursor: 'nwse-resize' }}
            />
          )}
        </div>
      )}
    >
      {props.children}
    </Modal>
  );
}
