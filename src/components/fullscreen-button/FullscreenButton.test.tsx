import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAntd } from '../_shared/test-utils';
import { FullscreenButton } from './FullscreenButton';

describe('FullscreenButton', () => {
  it('is named 全屏, and 退出全屏 once in fullscreen; a click toggles', async () => {
    const onToggle = vi.fn();
    const { user, rerender } = renderAntd(<FullscreenButton fullscreen={false} onToggle={onToggle} />);
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(<FullscreenButton fullscreen onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: '退出全屏' })).toBeInTheDocument();
  });
});
