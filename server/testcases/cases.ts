// What the model is asked for one requirement item, and how its answer is checked (issue 14). Nothing that fails
// the check is stored: the model gets the problems back once to repair its answer, then the task fails with them.
import { CASE_PRIORITIES, CASE_TYPES, TESTCASE_LIMITS } from '../../contract/api/testcase-limits';
import type { LlmMessage } from '../llm/models';

/** A case as the model gives it and as it is stored. */
export type DraftCase = {
  title: string;
  module: string;
  precondition: string;
  steps: { step: string; expected: string }[];
  priority: (typeof CASE_PRIORITIES)[number];
  case_type: (typeof CASE_TYPES)[number];
};

export type ItemForPrompt = { code: string; module: string; title: string; text: string };

const SYSTEM = [
  '你是资深软件测试工程师，根据一条需求编写测试用例。',
  '用等价类划分、边界值分析和错误推测设计用例：有效输入、无效输入、每个数值或长度限制的边界（恰好等于、刚好超过、刚好不足）以及异常路径都要覆盖。',
  '需求中列出的每一条约束都至少要有一个用例覆盖；不要编写需求中没有提到的功能。',
  '只输出一个 JSON 对象，不要输出其他文字，格式为：',
  '{"cases":[{"title":"用例标题","module":"所属模块","precondition":"前置条件","steps":[{"step":"操作步骤","expected":"预期结果"}],"priority":"P0","case_type":"功能"}]}',
  `priority 取 ${CASE_PRIORITIES.join('、')} 之一（P0 最高）；case_type 取 ${CASE_TYPES.join('、')} 之一。`,
].join('\n');

/**
 * Sentences of the item that state a limit (numbers, 不少于, 只能, 必须…): listed for the model so none is dropped.
 * A sentence's own number (第三条, 1.1, 2.1.3, 1., (2), ③; a Markdown heading's #) is not a limit: "1.1 注册" is a
 * heading, "3 次失败后锁定" a limit.
 */
export function constraintsOf(text: string): string[] {
  const parts = text.split(/[。；;\n]/)
    .map((s) => s.replace(/^\s*#*\s*(第[一二三四五六七八九十百千零〇两\d]+条|\d+(?:\.\d+)+(?:[.、)．]|(?=\s))|\d+[.、)．]|[（(]\d+[)）]|[①-⑳])\s*/, '').trim()).filter(Boolean);
  const limit = /\d|不少于|不超过|不得|不能|不可|只能|仅|必须|须|应当|至少|至多|最多|最少|以内|以上|以下|之间|唯一|必填|为空/;
  return [...new Set(parts.filter((p) => limit.test(p)))].slice(0, 30);
}

/** The messages asking for the cases of one item. */
export function promptFor(item: ItemForPrompt): LlmMessage[] {
  const constraints = constraintsOf(item.text);
  const user = [
    `需求编号：${item.code}`,
    `所属模块：${item.module || '（无）'}`,
    `需求标题：${item.title}`,
    '需求内容：',
    item.text,
    ...(constraints.length ? ['', '本条需求的显式约束（每条至少一个用例覆盖，含边界）：', ...constraints.map((c, i) => `${i + 1}. ${c}`)] : []),
  ].join('\n');
  return [{ role: 'system', content: SYSTEM }, { role: 'user', content: user }];
}

/** The messages asking the model to repair an answer that failed the check. */
export function repairPrompt(first: LlmMessage[], answer: string, problems: string[]): LlmMessage[] {
  return [
    ...first,
    { role: 'assistant', content: answer.slice(0, 20_000) },
    { role: 'user', content: `上一次的输出不符合要求：${problems.slice(0, 10).join('；')}。请按要求的格式重新输出完整的 JSON 对象，不要输出其他文字。` },
  ];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The JSON object of an answer: the whole text, a fenced block, or the outermost braces. */
function jsonOf(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  const candidates = [answer.trim(), fenced?.[1]?.trim() ?? ''];
  const first = answer.indexOf('{');
  const last = answer.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(answer.slice(first, last + 1));
  for (const c of candidates) {
    if (!c) continue;
    try {
      return JSON.parse(c);
    } catch {
      // the next candidate
    }
  }
  return undefined;
}

/**
 * The cases of a model's answer, or the problems that keep it from being stored (in Chinese, for the repair
 * request and, when the repair fails too, for the task's reason).
 */
export function parseCases(answer: string, item: ItemForPrompt): { cases: DraftCase[] } | { problems: string[] } {
  const parsed = jsonOf(answer);
  if (parsed === undefined) return { problems: ['输出不是合法的 JSON'] };
  const list = Array.isArray(parsed) ? parsed : (parsed as { cases?: unknown })?.cases;
  if (!Array.isArray(list) || list.length === 0) return { problems: ['缺少非空的 cases 数组'] };
  if (list.length > TESTCASE_LIMITS.maxCasesPerItem) return { problems: [`用例超过 ${TESTCASE_LIMITS.maxCasesPerItem} 条`] };
  const problems: string[] = [];
  const cases: DraftCase[] = [];
  list.forEach((raw: unknown, i) => {
    const at = `第 ${i + 1} 条用例`;
    if (typeof raw !== 'object' || raw === null) {
      problems.push(`${at}不是对象`);
      return;
    }
    const c = raw as Record<string, unknown>;
    const title = str(c.title);
    if (!title) problems.push(`${at}缺少 title`);
    else if (Array.from(title).length > 255) problems.push(`${at}的 title 超过 255 字`);
    const steps = Array.isArray(c.steps) ? c.steps : [];
    if (steps.length === 0) problems.push(`${at}缺少 steps`);
    if (steps.length > TESTCASE_LIMITS.maxStepsPerCase) problems.push(`${at}的步骤超过 ${TESTCASE_LIMITS.maxStepsPerCase} 步`);
    const cleanSteps = steps.map((s: unknown, j) => {
      const o = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
      const step = str(o.step);
      const expected = str(o.expected);
      if (!step || !expected) problems.push(`${at}的第 ${j + 1} 步缺少 step 或 expected`);
      return { step: step.slice(0, 1000), expected: expected.slice(0, 1000) };
    });
    const priority = str(c.priority).toUpperCase();
    if (!(CASE_PRIORITIES as readonly string[]).includes(priority)) problems.push(`${at}的 priority 应为 ${CASE_PRIORITIES.join('/')}`);
    const type = str(c.case_type ?? c.type).replace(/(测试|用例)$/, '');
    if (!(CASE_TYPES as readonly string[]).includes(type)) problems.push(`${at}的 case_type 应为 ${CASE_TYPES.join('/')} 之一`);
    cases.push({
      title,
      module: (str(c.module) || item.module).slice(0, 100),
      precondition: str(c.precondition).slice(0, 1000),
      steps: cleanSteps,
      priority: priority as DraftCase['priority'],
      case_type: type as DraftCase['case_type'],
    });
  });
  return problems.length ? { problems } : { cases };
}
