import { CopyOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Steps, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ImportResult } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { userApi } from './api';
import { downloadTemplate, fileProblem, IMPORT_MAX_MB, passwordsText, uploadUsers } from './import-users';
import { ImportedUsersTable, ImportReportTable } from './ImportResultTable';
import { useAppMessage } from '../../../lib/use-app-message';

type Stage = 'pick' | 'checked' | 'done';

/** 导入: template, upload, a dry run listing every row's problems, then 确认导入 (all or nothing). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const message = useAppMessage();
  const dispatch = useDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>('pick');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const pick = (picked: File) => {
    const problem = fileProblem(picked);
    if (problem) void message.error(problem, 5);
    else {
      setFile(picked);
      setStage('pick');
      setResult(null);
      setRefusal(null);
    }
    return false;
  };

  const run = async (dryRun: boolean) => {
    if (!file) {
      setRefusal('请先选择要导入的文件');
      throw new Error('no file');
    }
    const outcome = await uploadUsers(file, dryRun);
    setResult(outcome.result);
    setRefusal(outcome.ok ? null : outcome.message);
    if (!outcome.ok) throw new Error(outcome.message);
    if (dryRun) setStage('checked');
    else {
      setStage('done');
      dispatch(userApi.util.invalidateTags(['User', 'License', 'Dept']));
      void message.success(`已导入 ${outcome.result.created.length} 个用户`);
    }
  };

  const onOk = async () => {
    if (stage === 'done') return onClose();
    if (stage === 'checked' && result && result.invalid === 0) return run(false);
    return run(true);
  };
  const okText = stage === 'done' ? '完成' : stage === 'checked' && result?.invalid === 0 ? `确认导入 ${result.total} 人` : '检查文件';

  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(passwordsText(result?.created ?? []));
      void message.success('已复制用户名与初始密码');
    } catch {
      void message.warning('无法访问剪贴板');
    }
  };

  return (
    <Dialog open title="导入用户" width={860} height={560} okText={okText} cancelText={stage === 'done' ? '关闭' : '取消'} onOk={onOk} onClose={onClose}>
      <Space orientation="vertical" size={14} style={{ width: '100%' }}>
        <Steps size="small" current={stage === 'pick' ? 0 : stage === 'checked' ? 1 : 2} items={[{ title: '选择文件' }, { title: '检查结果' }, { title: '完成导入' }]} />
        {stage !== 'done' && (
          <>
            <Space wrap>
              <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().catch(() => undefined)}>下载导入模板</Button>
              <Typography.Text type="secondary">按模板填写：用户名、姓名必填；部门填完整路径，如 总部/研发中心。</Typography.Text>
            </Space>
            <Upload.Dragger
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              maxCount={1}
              showUploadList={false}
              beforeUpload={pick}
            >
              {!file && <p className="ant-upload-drag-icon"><InboxOutlined /></p>}
              <p className="ant-upload-text">{file ? `已选择：${file.name}（点击或拖入以更换）` : '点击或将 Excel 文件拖到此处'}</p>
              <p className="ant-upload-hint">仅支持 .xlsx，不超过 {IMPORT_MAX_MB} MB；先检查全部行，无问题后再确认导入，任一行有问题则不导入任何用户。</p>
            </Upload.Dragger>
          </>
        )}
        {refusal && <Alert type="error" showIcon title={refusal} />}
        {result && stage !== 'done' && (
          <>
            <Alert
              type={result.invalid ? 'warning' : 'success'}
              showIcon
              title={result.invalid ? `共 ${result.total} 行，${result.invalid} 行有问题，请修改文件后重新选择并检查` : `共 ${result.total} 行，全部可以导入`}
            />
            <ImportReportTable result={result} />
          </>
        )}
        {stage === 'done' && result && (
          <>
            <Alert type="warning" showIcon title={`已导入 ${result.created.length} 个用户。初始密码只显示这一次，请复制后通过安全渠道交给本人；首次登录须修改密码。`} />
            <Button icon={<CopyOutlined />} onClick={() => void copyAll()}>复制全部用户名与初始密码</Button>
            <ImportedUsersTable created={result.created} />
          </>
        )}
      </Space>
    </Dialog>
  );
}
