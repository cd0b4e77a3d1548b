import { screen, waitFor } from '@testing-library/react';
import { render } from '../test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServerAddressEditor } from './ServerAddressEditor';
import { ServerAddressLink } from './ServerAddressLink';
import { makeFakeBridge } from './testing/fake-bridge';

describe('server address on the desktop sign-in page', () => {
  it('renders nothing on the web', () => {
    const { container } = render(<ServerAddressLink />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for the address on first run, tests it and saves it normalised', async () => {
    const user = userEvent.setup();
    const bridge = makeFakeBridge({ address: null, preset: null, source: 'none' });
    const onChanged = vi.fn();
    render(<ServerAddressEditor platform={bridge} initial={null} onChanged={onChanged} />);
    const input = await screen.findByRole('textbox', { name: '服务器地址' });
    expect(screen.queryByRole('button', { name: /取\s*消/ })).not.toBeInTheDocument();

    await user.type(input, 'ftp://x');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('服务器地址仅支持 http 或 https')).toBeInTheDocument();
    expect(bridge.setServerAddress).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '10.0.0.5:8080');
    await user.click(screen.getByRole('button', { name: '测试连接' }));
    expect(await screen.findByText('连接成功')).toBeInTheDocument();
    expect(bridge.testServerAddress).toHaveBeenCalledWith('http://10.0.0.5:8080');

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(bridge.setServerAddress).toHaveBeenCalledWith('http://10.0.0.5:8080');
  });

  it('shows the current address with a link to change it', async () => {
    const user = userEvent.setup();
    const bridge = makeFakeBridge();
    render(<ServerAddressEditor platform={bridge} initial={{ address: 'http://10.0.0.5:8080', preset: 'http://kb.corp', source: 'user' }} />);
    expect(screen.getByText(/http:\/\/10\.0\.0\.5:8080/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByText('修改'));
    expect(await screen.findByRole('textbox', { name: '服务器地址' })).toHaveValue('http://10.0.0.5:8080');
    expect(screen.getByRole('button', { name: '恢复默认地址' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(bridge.setServerAddress).not.toHaveBeenCalled();
  });
});
