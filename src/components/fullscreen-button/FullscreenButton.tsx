import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';

export type FullscreenButtonProps = Omit<ButtonProps, 'type' | 'size' | 'icon' | 'aria-label' | 'onClick' | 'children'> & {
  fullscreen: boolean;
  onToggle: () => void;
};

/**
 * The small icon button that enters or leaves fullscreen (a dialog, the current page), named for what it does. Other
 * props, and a tooltip's ref and handlers cloned onto it, go to the button.
 */
export function FullscreenButton({ fullscreen, onToggle, ...button }: FullscreenButtonProps) {
  return (
    <Button
      {...button}
      type="text"
      size="small"
      aria-label={fullscreen ? '退出全屏' : '全屏'}
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={onToggle}
    />
  );
}
