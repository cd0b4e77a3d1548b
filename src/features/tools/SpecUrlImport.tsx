import { CheckCircleOutlined, LinkOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import type { ToolSpecFetchResult } from '../../../contract/api';
import type { ApiErrorInfo } from '../../lib/http/errors';
import { useFetchToolSpecMutation } from './api';

/** The dialog fields 从 URL 导入 reads and writes. */
type ImportFields = { spec_url?: string; spec?: string; url?: string };

export type SpecUrlImportProps = { form: FormInstance };

const NOT_HTTP = '请输入 http:// 或 https:// 开头的文档地址';

/** What was read, for the administrator to check before saving. */
function readText(r: ToolSpecFetchResult, filledBase: boolean): string {
  const base = filledBase ? `；文档中的服务地址是相对地址，已将接口地址填为 ${r.base_url}` : '';
  return `已读取 ${r.url}：${r.tool_count} 个接口${base}。文档已填入下方，请核对后保存。`;
}

/**
 * 从 URL 导入: the server reads the OpenAPI document at the address (intranet documents, no CORS needed) and the
 * text fills the document field for review. A failure is shown under the address; nothing typed is lost.
 */
export function SpecUrlImport({ form }: SpecUrlImportProps) {
  const [fetchSpec, fetching] = useFetchToolSpecMutation();
  const [done, setDone] = useState('');
  const typed = Form.useWatch('spec_url', form) as string | undefined;

  const load = async () => {
    setDone('');
    try {
      await form.validateFields(['spec_url']);
    } catch {
      return;
    }
    const address = String(form.getFieldValue('spec_url') ?? '').trim();
    try {
      const read = await fetchSpec(address).unwrap();
      const fillBase = Boolean(read.base_url) && !String(form.getFieldValue('url') ?? '').trim();
      form.setFieldsValue({ spec: read.spec, ...(fillBase ? { url: read.base_url } : {}) } satisfies ImportFields);
      // The document field may have said 请粘贴…; it has text now.
      void form.validateFields(['spec']).catch(() => undefined);
      setDone(readText(read, fillBase));
    } catch (err) {
      form.setFields([{ name: 'spec_url', errors: [(err as ApiErrorInfo).message || '读取 OpenAPI 文档失败'] }]);
    }
  };

  return (
    <Form.Item
      label="从 URL 导入" required={false}
      extra={done
        ? <Typography.Text type="success" data-testid="spec-url-done"><CheckCircleOutlined /> {done}</Typography.Text>
        : '由服务器读取文档（可以是内网地址），不发送凭据；读取后可在下方核对和修改'}
    >
      <Space.Compact block>
        <Form.Item
          name="spec_url" noStyle
          rules={[{ pattern: /^\s*https?:\/\/\S+\s*$/i, message: NOT_HTTP }]}
        >
          <Input
            aria-label="文档地址" maxLength={2000} placeholder="https://intranet.example.com/openapi.json（JSON 或 YAML）"
            prefix={<LinkOutlined />} onPressEnter={(e) => { e.preventDefault(); void load(); }}
          />
        </Form.Item>
        <Button onClick={() => void load()} loading={fetching.isLoading} disabled={!typed?.trim()}>读取文档</Button>
      </Space.Compact>
    </Form.Item>
  );
}
