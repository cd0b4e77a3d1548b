// 向量待补 (issue 29 §7): a document finished with full-text search only while the embedding model was down says so
// beside 已完成, with the reason on hover; nothing else shows it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAntd } from '../../../components/_shared/test-utils';
import { doc } from '../knowledge.test-util';
import { StatusTag } from './StatusTag';

const PENDING_RESULT = '处理完成，共 12 个分块；已完成全文索引，向量待补（向量化失败：模型服务不可用）';

describe('StatusTag: 向量待补', () => {
  it('shows 向量待补 beside 已完成 for a document whose vectors are still to be filled in, the reason on hover', async () => {
    const { user } = renderAntd(<StatusTag doc={doc({ vectors_pending: true, result: PENDING_RESULT })} />);
    expect(screen.getByText('已完成')).toHaveClass('ant-tag-green');
    const pending = screen.getByText('向量待补');
    expect(pending).toHaveClass('ant-tag-orange');
    await user.hover(pending);
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent('已可按全文检索，向量模型恢复后自动补全');
    expect(tip).toHaveTextContent('向量化失败：模型服务不可用');
  });

  it('shows only 已完成 once the vectors are in, and nothing of vectors for a document not finished', () => {
    const { unmount } = renderAntd(<StatusTag doc={doc({ vectors_pending: false })} />);
    expect(screen.getByText('已完成')).toBeInTheDocument();
    expect(screen.queryByText('向量待补')).not.toBeInTheDocument();
    unmount();
    // A document being processed again shows 处理中 alone, whatever the flag says.
    renderAntd(<StatusTag doc={doc({ status: 'RUNNING', vectors_pending: true })} />);
    expect(screen.getByText('处理中')).toBeInTheDocument();
    expect(screen.queryByText('向量待补')).not.toBeInTheDocument();
  });
});
