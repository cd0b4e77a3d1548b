import type { MouseEvent, ReactNode } from 'react';
import { FullscreenButton } from '../fullscreen-button';

/** Props of DialogTitle. */
export type DialogTitleProps = {
  title: ReactNode;
  fullscreen: boolean;
  fullscreenable: boolean;
  draggable: boolean;
  onToggleFullscreen: () => void;
  onDragStart: (e: MouseEvent) => void;
};

/** The title bar: the drag area, and the fullscreen toggle. */
export function DialogTitle({ title, fullscreen, fullscreenable, draggable, onToggleFullscreen, onDragStart }: DialogTitleProps) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', marginRight: 24 }}>
      <div
        data-testid="dialog-drag-area"
        style={{ flex: 1, cursor: draggable && !fullscreen ? 'move' : undefined, userSelect: 'none' }}
        onMouseDown={draggable && !fullscreen ? onDragStart : undefined}
      >
        {title}
      </div>
      {fullscreenable && <FullscreenButton fullscreen={fullscreen} onToggle={onToggleFullscreen} />}
    </div>
  );
}
