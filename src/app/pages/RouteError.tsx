import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ChunkLoadError } from '../../lib/chunk-load';

const TYPE_TEXT = { error: '加载错误', timeout: '加载超时（120 秒）' } as const;

// Kept light (no Result illustrations): this page is in the entry chunk because it must show when chunks fail.
const box = { maxWidth: 560, margin: '15vh auto', padding: 32, textAlign: 'center' } as const;

/** What a route shows when it fails; a chunk that did not load names its type and address (spec §8). */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError ? error : null;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : '';
  return (
    <div style={box} role="alert">
      <WarningOutlined style={{ fontSize: 56, color: '#faad14' }} />
      <h2 style={{ margin: '16px 0 8px' }}>{chunk ? '页面资源加载失败' : '页面出错了'}</h2>
      {chunk ? (
        <p data-testid="chunk-error" style={{ color: '#595959', wordBreak: 'break-all' }}>
          类型：{TYPE_TEXT[chunk.type]}；请求地址：<code>{chunk.request}</code>
        </p>
      ) : (
        <p style={{ color: '#595959' }}>{detail || '请重新加载页面后再试'}</p>
      )}
      <Button type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
