import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAntd } from '../_shared/test-utils';
import { EllipsisText } from './EllipsisText';

/** jsdom lays nothing out: give the element the sizes a browser would. */
function sized(el: HTMLElement, scroll: number, client: number) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: client });
}

describe('EllipsisText', () => {
  it('shows the whole text in a tooltip when the text is cut', async () => {
    const { user } = renderAntd(<EllipsisText as="h5" tooltip="一个很长很长的知识空间名称">一个很长很长的知识空间名称</EllipsisText>);
    const title = screen.getByRole('heading', { level: 5 });
    sized(title, 400, 200);
    await user.hover(title);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('一个很长很长的知识空间名称');
  });

  it('shows no tooltip when the text fits', async () => {
    const { user } = renderAntd(<EllipsisText tooltip="短名称">短名称</EllipsisText>);
    const text = screen.getByText('短名称');
    sized(text, 100, 200);
    await user.hover(text);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('clamps to the given number of lines', () => {
    renderAntd(<EllipsisText as="p" rows={2} tooltip="描述">描述</EllipsisText>);
    fireEvent.pointerEnter(screen.getByText('描述'));
    expect(screen.getByText('描述').style.webkitLineClamp).toBe('2');
  });
});
