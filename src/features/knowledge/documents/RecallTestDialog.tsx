import { Button, Empty, Form, Input, InputNumber, List, Progress, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { relevanceText, sourceText } from '../../../../contract/api/runtime';
import type { RecallHit } from '../../../../contract/api';
import { Dialog } from '../../../components/dialog';
import { HighlightedText } from '../../../components/highlight';
import { useRecallTestMutation } from '../api';

export type RecallTestDialogProps = { space: string; onClose: () => void };

/** 召回测试: a question against the space, answering the closest chunks the user may see, with scores. */
export function RecallTestDialog({ space, onClose }: RecallTestDialogProps) {
  const [form] = Form.useForm<{ question: string; topk: number }>();
  const [recall, { isLoading }] = useRecallTestMutation();
  const [hits, setHits] = useState<RecallHit[] | null>(null);

  const run = async () => {
    const v = await form.validateFields();
    setHits(await recall({ space, question: v.question.trim(), recall_top_k: v.topk }).unwrap().catch(() => null));
  };

  return (
    <Dialog open title={`召回测试：${space}`} width={820} footer={false} onClose={onClose}>
      <Form form={form} name="recallTest" layout="vertical" initialValues={{ topk: 5 }} requiredMark={false} onFinish={() => void run()}>
        <Form.Item name="question" label="问题" rules={[{ required: true, whitespace: true, message: '请输入要测试的问题' }]}>
          <Input.TextArea rows={2} maxLength={2000} placeholder="输入一个问题，查看知识库会检索到哪些分段" />
        </Form.Item>
        <Space align="end">
          <Form.Item name="topk" label="返回数量" style={{ marginBottom: 0 }}>
            <InputNumber min={1} max={50} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            测试
          </Button>
        </Space>
      </Form>
      {hits !== null && (
        <List
          style={{ marginTop: 16 }}
          header={<Typography.Text strong>检索到 {hits.length} 个分段（相关度不低于知识空间的召回阈值）</Typography.Text>}
          dataSource={hits}
          locale={{ emptyText: <Empty description="没有相关度达到召回阈值的分段" /> }}
          renderItem={(hit, index) => (
            <List.Item key={hit.chunk_id} style={{ display: 'block' }} data-testid="recall-hit">
              <Space wrap>
                <Tag color="blue">#{index + 1}</Tag>
                <Typography.Text strong>{hit.chunk_name}</Typography.Text>
                <Typography.Text type="secondary">第 {hit.metadata.seq + 1} 段</Typography.Text>
                {sourceText(hit.position, hit.heading_path) && <Typography.Text type="secondary">{sourceText(hit.position, hit.heading_path)}</Typography.Text>}
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  相关度
                  <Progress percent={Math.round(hit.score * 100)} format={() => relevanceText(hit.score)} size="small" style={{ width: 120, margin: 0 }} />
                </span>
              </Space>
              <Typography.Paragraph style={{ margin: '8px 0 0' }}>
                <HighlightedText text={hit.content} words={hit.highlights ?? []} max={300} />
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
    </Dialog>
  );
}
