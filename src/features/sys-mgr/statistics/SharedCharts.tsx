import { Col, Row } from 'antd';
import { useMemo } from 'react';
import type { StatisticsFigures } from '../../../../contract/api';
import { ChartCard } from './ChartCard';
import { failureRows, modelsOption, questionsOption, rankingOption } from './statistics-options';

// The charts 安全审计 and 系统运行 both show, from the same figures.

type QuestionsRowProps = { figures: Pick<StatisticsFigures, 'questions' | 'topSpaces'> | undefined; days: { day: string }[] };

/** 每日提问 (by the chat mode) beside the spaces asked most. */
export function QuestionsRow({ figures, days }: QuestionsRowProps) {
  const options = useMemo(() => ({
    questions: questionsOption(figures?.questions ?? [], days.map((d) => d.day)),
    spaces: rankingOption((figures?.topSpaces ?? []).map((s) => ({ name: s.space, count: s.questions })), '#13c2c2'),
  }), [figures, days]);
  return (
    <Row gutter={12}>
      <Col span={14}><ChartCard title="每日提问（按对话模式）" option={options.questions} label="每日提问柱状图" empty={!figures?.questions.length} /></Col>
      <Col span={10}><ChartCard title="知识空间提问排行" option={options.spaces} label="知识空间提问排行条形图" empty={!figures?.topSpaces.length} /></Col>
    </Row>
  );
}

/** Each model's time to first text, speed and queue waits. */
export function ModelsCard({ models }: { models: StatisticsFigures['models'] | undefined }) {
  const option = useMemo(() => modelsOption(models ?? []), [models]);
  return (
    <ChartCard title="模型耗时与排队" option={option} label="模型耗时柱状图" empty={!models?.length}
      note="首字时间含排队等待；每秒 token 数按估算的 token 计" />
  );
}

type FailuresCardProps = { failures: StatisticsFigures['processingFailures'] | undefined; height?: number };

/** Why documents and chat files failed to be processed. */
export function FailuresCard({ failures, height }: FailuresCardProps) {
  const option = useMemo(() => rankingOption(failureRows(failures ?? []), '#f5222d'), [failures]);
  return <ChartCard title="处理失败原因" option={option} label="处理失败原因条形图" height={height} empty={!failures?.length} />;
}
