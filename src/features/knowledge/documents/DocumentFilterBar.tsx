import { Button, Form, Input, Select, Space } from 'antd';
import { STATUS_OPTIONS } from './status';
import type { Option } from './useDocumentOptions';

/** The filters of the document list (spec §3 request): name (Like), grade, status, review role. */
export type DocumentFilters = { doc_name?: string; secrecy?: string; status?: string; review_role?: string };

export type DocumentFilterBarProps = { grades: Option[]; roles: Option[]; onSearch: (filters: DocumentFilters) => void };

/** One row of filters with 查询 and 重置; empty fields are not sent. */
export function DocumentFilterBar({ grades, roles, onSearch }: DocumentFilterBarProps) {
  const [form] = Form.useForm<DocumentFilters>();
  const search = () => {
    const v = form.getFieldsValue();
    onSearch({
      doc_name: v.doc_name?.trim() || undefined,
      secrecy: v.secrecy || undefined,
      status: v.status || undefined,
      review_role: v.review_role || undefined,
    });
  };
  return (
    <Form form={form} name="docFilter" layout="inline" onFinish={search} style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item name="doc_name" label="文档名称">
        <Input allowClear placeholder="包含的文字" style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="secrecy" label="密级">
        <Select allowClear placeholder="全部" options={grades} style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="review_role" label="审核角色">
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={roles} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">查询</Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
