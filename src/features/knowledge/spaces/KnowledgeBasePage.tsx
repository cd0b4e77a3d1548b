import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Empty, Row, Skeleton, Space as AntSpace } from 'antd';
// The search box alone, not antd's Input with OTP and TextArea hung on it (the knowledge page's JS budget, D73).
import Search from 'antd/es/input/Search';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Space } from '../../../../contract/api';
import { hasButton } from '../../../lib/storage';
import { useDeleteSpaceMutation, useKnowledgePrefetch, useSpacesQuery } from '../api';
import { documentsPath } from '../paths';
import styles from './KnowledgeBasePage.module.css';
import { SpaceCard } from './SpaceCard';
import { loadSpaceForm, SpaceFormDialog } from './SpaceFormDialog';

const PAGE = '/knowledgeBase';


/** /knowledgeBase 知识库: the knowledge spaces as cards; add, edit (arguments), delete; open a space's documents. */
export function KnowledgeBasePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const spaces = useSpacesQuery();
  const [remove] = useDeleteSpaceMutation();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<{ space: Space | null } | null>(null);
  const prefetchDefaults = useKnowledgePrefetch('defaultArguments');
  /**
   * The pointer or the keyboard is at 新增空间 or 编辑: fetch the form's code and the default arguments now, so the
   * dialog's fields are usually ready by the click (D73). A failed fetch shows when the dialog opens.
   */
  const prepareForm = () => {
    loadSpaceForm().catch(() => undefined);
    prefetchDefaults();
  };
  const shown = (spaces.data ?? []).filter((s) => !keyword.trim() || `${s.name}${s.desc}`.includes(keyword.trim()));

  const confirmDelete = (space: Space) => {
    modal.confirm({
      title: '确认删除？',
      content: `将删除知识空间「${space.name}」及其全部文档、分块与原文件，且无法恢复。`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      // A refusal is shown by the http layer with the server's reason; the confirmation closes either way.
      onOk: () => remove(space.name).unwrap().then(() => message.success(`已删除知识空间「${space.name}」`), () => undefined),
    });
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          {/* Plain headings in antd's typography styles: antd's Typography brings its editable and copyable parts (D73). */}
          <h4 className={styles.title}>知识库</h4>
          <span className={styles.secondary}>知识空间收录文档，按密级与审核角色控制谁能看到；打开空间可上传与管理文档。</span>
        </div>
        <AntSpace wrap>
          <Search allowClear placeholder="按名称或描述筛选" style={{ width: 240 }} onChange={(e) => setKeyword(e.target.value)} />
          <Button icon={<ReloadOutlined />} onClick={() => void spaces.refetch()}>刷新</Button>
          {hasButton(PAGE, 'add') && (
            <Button type="primary" icon={<PlusOutlined />} onPointerEnter={prepareForm} onFocus={prepareForm} onClick={() => setDialog({ space: null })}>
              新增空间
            </Button>
          )}
        </AntSpace>
      </div>
      {spaces.isLoading && <Skeleton active />}
      {spaces.error && <Alert type="error" showIcon title="知识空间加载失败" description={(spaces.error as { message?: string }).message} />}
      {spaces.data && shown.length === 0 && (
        <Empty style={{ marginTop: 64 }} description={keyword ? '没有匹配的知识空间' : '还没有知识空间'} />
      )}
      <Row gutter={[16, 16]}>
        {shown.map((space) => (
          <Col key={space.id} xs={24} md={12} xl={8} xxl={6}>
            <SpaceCard
              space={space}
              canEdit={hasButton(PAGE, 'edit')}
              canDelete={hasButton(PAGE, 'delete')}
              onOpen={(s) => void navigate(documentsPath(s.name))}
              onEdit={(s) => setDialog({ space: s })}
              onPrepareEdit={prepareForm}
              onDelete={confirmDelete}
            />
          </Col>
        ))}
      </Row>
      {dialog && (
        <SpaceFormDialog
          space={dialog.space}
          onClose={() => setDialog(null)}
          onSaved={(name) => {
            message.success(dialog.space ? `已保存知识空间「${name}」` : `已新增知识空间「${name}」`);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
