import { App, Breadcrumb, Button, Card, Popconfirm, Result, Segmented, Space, Typography } from 'antd';
import { CloudUploadOutlined, ExperimentOutlined, RedoOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DataTable, PAGE_SIZE_OPTIONS, type DataTableButton, type SortItem } from '../../../components/data-table';
import type { DOCUMENT_SORT_FIELDS } from '../../../../contract/api';

type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];
import { usePageTabTitle, usePollingInterval } from '../../../app/tabs/page-tab-context';
import { hasButton } from '../../../lib/storage';
import {
  type DocumentListArgs, useDeleteDocumentMutation, useDocumentsQuery, useReprocessAllMutation, useRetryDocumentMutation, useStopDocumentMutation,
  useRetryFailedMutation, useSpacesQuery,
} from '../api';
import { downloadDocument } from '../download';
import { ChunkDrawer } from './ChunkDrawer';
import { DocumentActions } from './DocumentActions';
import { documentColumns, toRow, type DocumentRow } from './document-columns';
import { DocumentEditDialog } from './DocumentEditDialog';
import { DocumentFilterBar, type DocumentFilters } from './DocumentFilterBar';
import styles from './KnowledgeListPage.module.css';
import { RecallTestDialog } from './RecallTestDialog';
import { pollingFor } from './status';
import { UploadDialog } from './UploadDialog';
import { useDocumentOptions } from './useDocumentOptions';

const PAGE = '/knowledgeList';
const can = (code: string) => hasButton(PAGE, code);

/** Review mode (spec §4): all visible, the user's own ('1'), or shared with the user's roles to review ('0'). */
const REVIEW_MODES = [
  { value: 'all', label: '全部文档' },
  { value: '1', label: '我的文档' },
  { value: '0', label: '待我审核' },
];

/** What 全部重新处理 costs: every document is read again from its file, hand edits of its chunks lost. */
const REPROCESS_ALL_WARNING = '将按文件重新处理本空间的全部文档（正在处理的除外）。手动编辑、停用和新增的分块都会丢失，处理期间这些文档暂不参与检索。';

type Open = { kind: 'upload' } | { kind: 'recall' } | { kind: 'edit'; doc: DocumentRow } | { kind: 'chunks'; doc: DocumentRow } | null;

/** /knowledgeList?space=<name> 文档列表: a space's documents, polled every 5 s while any is waiting or running. */
export function KnowledgeListPage() {
  const [params] = useSearchParams();
  const space = params.get('space') ?? '';
  if (!space) {
    return (
      <Result status="info" title="请先选择知识空间" extra={<Link to="/knowledgeBase">返回知识库</Link>} />
    );
  }
  // Keyed by space: filters, paging and dialogs start afresh in another space.
  return <SpaceDocuments key={space} space={space} />;
}

function SpaceDocuments({ space }: { space: string }) {
  const { message } = App.useApp();
  usePageTabTitle(`文档：${space}`);
  const [filters, setFilters] = useState<DocumentFilters>({});
  const [mode, setMode] = useState('all');
  const [paging, setPaging] = useState({ page: 1, page_size: PAGE_SIZE_OPTIONS[0] });
  const [sort, setSort] = useState<SortItem | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [polling, setPolling] = useState(0);
  const options = useDocumentOptions();
  const spaceInfo = useSpacesQuery().data?.find((s) => s.name === space);
  const args: DocumentListArgs = { space, ...filters, ...paging, ...(mode === 'all' ? {} : { review_mode: mode }) };
  if (sort) Object.assign(args, { sort_by: sort.property as DocumentSortField, sort_order: sort.direction });
  // Polled only while the page's tab is the one shown (page tabs keep hidden pages mounted).
  const list = useDocumentsQuery(args, { pollingInterval: usePollingInterval(polling) });
  // Spec §4: reload every 5 s while any document is TODO or RUNNING, and not at all otherwise.
  const next = pollingFor(list.data);
  if (next !== polling) setPolling(next);

  const [remove] = useDeleteDocumentMutation();
  const [retry] = useRetryDocumentMutation();
  const [stop] = useStopDocumentMutation();
  const [retryFailed, retryingFailed] = useRetryFailedMutation();
  const [reprocessAll, reprocessingAll] = useReprocessAllMutation();

  const search = (f: DocumentFilters) => {
    setFilters(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const refresh = async () => {
    await list.refetch().unwrap().then(() => message.success('刷新成功'), () => undefined);
  };
  const retryAllFailed = async () => {
    const { tasks } = await retryFailed(space).unwrap();
    if (tasks.length) message.success(`已重新提交 ${tasks.length} 个失败文档`);
    else message.info('没有需要重试的失败文档');
  };
  const reprocessSpace = async () => {
    const { queued } = await reprocessAll(space).unwrap();
    if (queued) message.success(`已提交 ${queued} 个文档重新处理`);
    else message.info('没有可以重新处理的文档');
  };
  const tableCan = (code: DataTableButton) => code === 'columns' || (code === 'batchDelete' && can('delete'));
  const deleteOne = async (doc: DocumentRow) => {
    await remove({ space, doc_id: doc.id }).unwrap();
    message.success(`已删除文档「${doc.doc_name}」`);
  };
  const deleteMany = async (rows: DocumentRow[]) => {
    for (const doc of rows) await remove({ space, doc_id: doc.id }).unwrap();
    message.success(`已删除 ${rows.length} 个文档`);
  };

  const download = (doc: DocumentRow) => void downloadDocument(space, doc).catch(() => undefined);
  const actions = (doc: DocumentRow) => (
    <DocumentActions
      doc={doc}
      can={can}
      onChunks={(d) => setOpen({ kind: 'chunks', doc: d })}
      onEdit={(d) => setOpen({ kind: 'edit', doc: d })}
      onRetry={(d) => void retry(d.id).unwrap().then(() => message.success(`已重新提交「${d.doc_name}」`), () => undefined)}
      onStop={(d) => void stop(d.id).unwrap().then(() => message.success(`已停止处理「${d.doc_name}」`), () => undefined)}
      onDelete={(d) => deleteOne(d).catch(() => undefined)}
    />
  );

  if (list.error && (list.error as { status?: number }).status === 404) {
    return (
      <Result
        status="404"
        title="知识空间不存在"
        subTitle={`没有名为「${space}」的知识空间，它可能已被删除。`}
        extra={<Link to="/knowledgeBase">返回知识库</Link>}
      />
    );
  }

  return (
    <div className={styles.page}>
      <Breadcrumb className={styles.crumbs} items={[{ title: <Link to="/knowledgeBase">知识库</Link> }, { title: space }]} />
      <div className={styles.head}>
        <div>
          <Typography.Title level={4} className={styles.title}>{space}</Typography.Title>
          {spaceInfo?.desc && <Typography.Text type="secondary">{spaceInfo.desc}</Typography.Text>}
        </div>
        <Segmented options={REVIEW_MODES} value={mode} onChange={(v) => { setMode(String(v)); setPaging((p) => ({ ...p, page: 1 })); }} />
      </div>
      <Card className={styles.card}>
        <DocumentFilterBar grades={options.grades} roles={options.roles} onSearch={search} />
        <DataTable<DocumentRow>
          columns={documentColumns(actions, download)}
          rows={(list.data?.data ?? []).map(toRow)}
          loading={list.isFetching && list.currentData === undefined}
          can={tableCan}
          showRowTools={false}
          selection={can('delete') ? 'multiple' : 'none'}
          onBatchDelete={can('delete') ? (rows) => deleteMany(rows) : undefined}
          pagination={{ currentPage: paging.page, pageSize: paging.page_size, totalSize: list.data?.total ?? 0 }}
          onPageChange={(page, size) => setPaging({ page, page_size: size })}
          tableId="knowledgeList.documents"
          onSortChange={(s) => {
            setSort(s);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          toolbarExtra={
            <Space wrap>
              {can('upload') && (
                <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setOpen({ kind: 'upload' })}>
                  上传文档
                </Button>
              )}
              {can('refresh') && (
                <Button icon={<ReloadOutlined />} loading={list.isFetching && list.isSuccess} onClick={() => void refresh()}>
                  刷新
                </Button>
              )}
              {can('retry') && (
                <Button icon={<RedoOutlined />} loading={retryingFailed.isLoading} onClick={() => void retryAllFailed().catch(() => undefined)}>
                  全部失败重试
                </Button>
              )}
              {spaceInfo?.editable && can('retry') && (
                <Popconfirm
                  title="全部重新处理"
                  description={REPROCESS_ALL_WARNING}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => reprocessSpace().catch(() => undefined)}
                >
                  <Button icon={<SyncOutlined />} loading={reprocessingAll.isLoading}>
                    全部重新处理
                  </Button>
                </Popconfirm>
              )}
              <Button icon={<ExperimentOutlined />} onClick={() => setOpen({ kind: 'recall' })}>
                召回测试
              </Button>
              {polling > 0 && <Typography.Text type="secondary">有文档正在处理，每 5 秒自动刷新</Typography.Text>}
            </Space>
          }
        />
      </Card>
      {open?.kind === 'upload' && (
        <UploadDialog
          space={space}
          grades={options.grades}
          roles={options.roles}
          onClose={() => setOpen(null)}
          onUploaded={(count, started) => {
            if (started) message.success(`已上传 ${count} 个文档，开始处理`);
            else message.warning(`已上传 ${count} 个文档，但未能开始处理，请稍后点击“重新处理”`);
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'edit' && (
        <DocumentEditDialog
          space={space}
          doc={open.doc}
          grades={options.grades}
          roles={options.roles}
          onClose={() => setOpen(null)}
          onSaved={() => {
            message.success('文档已保存');
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'chunks' && <ChunkDrawer space={space} doc={open.doc} can={can} onClose={() => setOpen(null)} />}
      {open?.kind === 'recall' && <RecallTestDialog space={space} onClose={() => setOpen(null)} />}
    </div>
  );
}
