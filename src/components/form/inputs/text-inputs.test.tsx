import { screen } from '@testing-library/react';
import { renderAntd } from '../../_shared/test-utils';
import { TextAreaInput } from './TextAreaInput';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('shows a character counter and stops at maxlength', async () => {
    const { user } = renderAntd(<TextInput maxlength={5} placeholder="名称" />);
    await user.type(screen.getByPlaceholderText('名称'), '知识库问答系统');
    expect(screen.getByPlaceholderText('名称')).toHaveValue('知识库问答');
    expect(screen.getByText('5 / 5')).toBeInTheDocument();
  });
  it('has no counter without maxlength', () => {
    const { container } = renderAntd(<TextInput placeholder="名称" />);
    expect(container.querySelector('.ant-input-show-count-suffix')).toBeNull();
  });
  it('masks the text with showPassword', () => {
    renderAntd(<TextInput showPassword placeholder="密码" />);
    expect(screen.getByPlaceholderText('密码')).toHaveAttribute('type', 'password');
  });
});

describe('TextAreaInput', () => {
  it('is multi-line with a counter when maxlength is set', async () => {
    const { user, container } = renderAntd(<TextAreaInput maxlength={10} placeholder="备注" />);
    await user.type(screen.getByPlaceholderText('备注'), '第一行');
    expect(screen.getByPlaceholderText('备注').tagName).toBe('TEXTAREA');
    expect(container.textContent).toContain('3 / 10');
  });
});
