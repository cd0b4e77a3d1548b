import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Progress, Segmented, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Generation } from '../../../contract/api';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableColumn } from '../../components/data-table';
import { hasButton } from '../../lib/storage';
import { useGenerationsQuery } from './api';
import { GenerationView } from './GenerationView';
import { NewGenerationDialog } from './NewGenerationDialog';
import styles from './testcases.module.css';

const FUNC = '/testCase';
const TIME = 'YYYY-MM-DD HH:mm:ss';

const columns = (open: (id: string) => void): DataTableColumn<Generation>[] => [
  {
    key: 'name', title: '名称', width: 200, ellipsis: true,
    render: (_v, g) => <Typography.Link onClick={() => open(g.generation_id)}>{g.name}</Typography.Link>,
  },
  { key: 'source_name', title: '需求文档', width: 180, ellipsis: true },
  { key: 'secrecy_name', title: '密级', width: 80, render: (v) => <Tag>{String(v)}</Tag> },
  { key: 'owner', title: '创建人', width: 100 },
  {
    key: 'done', title: '进度', width: 160,
    render: (_v, g) => <Progress size="small" percent={g.items ? Math.round((g.done / g.items) * 100) : 0} format={() => `${g.done}/${g.items}`} />,
  },
  { key: 'covered', title: '需求覆盖', width: 100, render: (_v, g) => `${g.covered}/${g.items}` },
  { key: 'cases', title: '用例数', width: 80 },
  { key: 'gmt_created', title: '创建时间', width: 170, render: (v) => dayjs(String(v)).format(TIME) },
];

/** 用例生成 (issue 14): the generations list, and a generation's page when the address names one (?id=). */
export function TestCasePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const open = (generationId: string) => setParams({ id: generationId });
  if (id) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }} size={12} className={styles.page} data-testid="testcase-page">
        <Button icon={<ArrowLeftOutlined />} onClick={() => setParams({})}>返回列表</Button>
        <GenerationView id={id} />
      </Space>
    );
  }
  return (
    <div className={styles.page} data-testid="testcase-page">
      <GenerationList onOpen={open} />
    </div>
  );
}

function GenerationList({ onOpen }: { onOpen: (id: string) => void }) {
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE_OPTIONS[0] });
  const [creating, setCreating] = useState(false);
  const [archived, setArchived] = useState(false);
  const { data, isFetching } = useGenerationsQuery({ page: page.current, page_size: page.size, archived });
  const canAdd = hasButton(FUNC, 'add');
  return (
    <Card
      title="用例生成"
      extra={(
        <Space>
          <Segmented<string> value={archived ? 'archived' : 'active'} options={[{ value: 'active', label: '进行中' }, { value: 'archived', label: '已归档' }]}
            onChange={(v) => { setArchived(v === 'archived'); setPage({ current: 1, size: page.size }); }} />
          {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>新建生成</Button>}
        </Space>
      )}
    >
      <Typography.Paragraph type="secondary">
        上传需求文档，系统按条款、编号标题或需求表的行拆分为需求条目，逐条生成带步骤和预期结果的测试用例；每条用例都关联它覆盖的需求条目。
      </Typography.Paragraph>
      {data && data.total === 0 ? (
        <Empty description={archived ? '没有已归档的用例生成' : canAdd ? '还没有用例生成，点击「新建生成」上传需求文档' : '还没有用例生成'} />
      ) : (
        <DataTable<Generation>
          tableId="testcase-generations"
          rowKey="generation_id"
          columns={columns(onOpen)}
          rows={data?.data ?? []}
          loading={isFetching}
          selection="none"
          showRowTools={false}
          can={(code) => code === 'columns'}
          pagination={{ currentPage: page.current, pageSize: page.size, totalSize: data?.total ?? 0 }}
          onPageChange={(current, size) => setPage({ current, size })}
        />
      )}
      {creating && (
        <NewGenerationDialog
          onClose={() => setCreating(false)}
          onCreated={(gid) => {
            setCreating(false);
            onOpen(gid);
          }}
        />
      )}
    </Card>
  );
}
