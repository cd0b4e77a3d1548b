import { FileAddOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Form, Radio, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { describeLimit, screenPick, useUploadLimitsQuery } from '../../lib/uploads/upload-limits';
import { pickFiles } from '../../platform';
import { useDocumentsQuery, useSpacesQuery } from '../knowledge/api';
import { useDocumentOptions } from '../knowledge/documents/useDocumentOptions';

/** Kinds of requirements document the server splits (issue 14). */
export const SOURCE_EXTENSIONS = ['docx', 'pdf', 'xlsx', 'md', 'txt', 'csv'];

/** The picked source: a file (its grade set in the form's `secrecy`) or a knowledge document. */
export type PickedSource = { kind: 'upload'; file: File | null } | { kind: 'document'; docId: number | null };

export type SourcePickerProps = { value: PickedSource; onChange: (value: PickedSource) => void; error?: string };

const extOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * A requirements document: a file through the platform's picker (the native dialog on the desktop), or a document
 * of a knowledge space the user can read (their own and those shared with their roles; the server checks again).
 */
export function SourcePicker({ value, onChange, error }: SourcePickerProps) {
  const { message } = App.useApp();
  const { grades } = useDocumentOptions();
  const spaces = useSpacesQuery();
  const limit = useUploadLimitsQuery().data?.testcase;
  const [space, setSpace] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const query = (review_mode: string) => ({ space: space ?? '', page: 1, page_size: 50, doc_name: keyword || undefined, review_mode });
  const own = useDocumentsQuery(query('1'), { skip: !space });
  const shared = useDocumentsQuery(query('0'), { skip: !space });
  const documents = useMemo(() => {
    const byId = new Map([...(own.data?.data ?? []), ...(shared.data?.data ?? [])].map((d) => [d.id, d]));
    return [...byId.values()].filter((d) => SOURCE_EXTENSIONS.includes(extOf(d.doc_name)));
  }, [own.data, shared.data]);

  const choose = async () => {
    const picked = await pickFiles({ purpose: 'testcase', multiple: false, accept: SOURCE_EXTENSIONS });
    const screened = screenPick(picked, limit);
    for (const line of screened.refusals) message.warning(line, 5);
    if (picked.canceled || !screened.files.length) return;
    onChange({ kind: 'upload', file: screened.files[0] });
  };

  return (
    <>
      <Form.Item label="需求文档来源">
        <Radio.Group
          value={value.kind}
          onChange={(e) => onChange(e.target.value === 'upload' ? { kind: 'upload', file: null } : { kind: 'document', docId: null })}
          options={[{ value: 'upload', label: '上传文件' }, { value: 'document', label: '选择知识库文档' }]}
        />
      </Form.Item>
      {value.kind === 'upload' ? (
        <>
          <Form.Item label="需求文档" required validateStatus={error ? 'error' : undefined} help={error || undefined}>
            <Button icon={<FileAddOutlined />} onClick={() => void choose()}>选择文件</Button>
            <Typography.Text type="secondary" style={{ marginLeft: 12 }}>支持 {SOURCE_EXTENSIONS.join('、')}{limit && `；${describeLimit(limit)}`}</Typography.Text>
            {value.file && (
              <div style={{ marginTop: 8 }}>
                <Typography.Text><PaperClipOutlined /> {value.file.name}</Typography.Text>
              </div>
            )}
          </Form.Item>
          <Form.Item name="secrecy" label="密级" rules={[{ required: true, message: '请选择需求文档的密级' }]} extra="生成的用例继承该密级，只能选择不高于您本人密级的等级">
            <Select placeholder="选择密级" options={grades} />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="知识库文档" required validateStatus={error ? 'error' : undefined} help={error || '生成的用例继承该文档的密级'}>
          <div style={{ display: 'flex', gap: 8 }}>
            <Select
              aria-label="知识空间" placeholder="知识空间" style={{ width: 200 }} value={space} loading={spaces.isLoading}
              options={(spaces.data ?? []).map((s) => ({ value: s.name, label: s.name }))}
              onChange={(v) => { setSpace(v); onChange({ kind: 'document', docId: null }); }}
            />
            <Select
              aria-label="文档" placeholder={space ? '搜索文档名称' : '先选择知识空间'} style={{ flex: 1 }} disabled={!space} showSearch
              filterOption={false} onSearch={setKeyword} loading={own.isFetching || shared.isFetching}
              value={value.docId ?? undefined} onChange={(docId: number) => onChange({ kind: 'document', docId })}
              notFoundContent={space ? '没有可用的需求文档（docx、pdf、xlsx、md、txt、csv）' : null}
              options={documents.map((d) => ({ value: d.id, label: `${d.doc_name}（${d.secrecy_name}）` }))}
            />
          </div>
        </Form.Item>
      )}
    </>
  );
}
