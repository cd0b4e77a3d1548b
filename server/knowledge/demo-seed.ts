import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../deps';
import { knowledgeDocuments, knowledgeSpaces, roles, users } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { defaultArguments } from './arguments';
import { CONTENT_TYPES, type DocumentType } from './file-types';
import { DOCUMENT_QUEUE, documentJobKey } from './process';
import { absolute, documentFilePath, writeFileAtomic } from './storage';

/** The demo space newcomers can search and chat with at once (SEED_DEMO). */
export const DEMO_SPACE = '示例知识库';

type DemoDoc = { name: string; type: DocumentType; secrecy: string; reviewRoles?: string[]; text: string };

const DOCS: DemoDoc[] = [
  {
    name: '员工手册.md', type: 'md', secrecy: 'public',
    text: `# 员工手册

## 一、考勤
公司实行弹性工作制，核心工作时间为上午十点至下午四点。员工每日工作满八小时。迟到或早退超过三十分钟，按事假半天处理。

## 二、休假
员工入职满一年后享有五天带薪年假，满十年享有十天。年假须提前三个工作日在办公系统中申请，经直属主管批准后生效。病假须提供医院证明。

## 三、信息安全
员工不得将公司文件拷贝至个人设备。涉密文件须按密级存放在知识库中，严禁通过即时通讯工具外发。离开座位时须锁定电脑屏幕。`,
  },
  {
    name: '差旅报销制度.txt', type: 'txt', secrecy: 'internal',
    text: `差旅报销制度

第一条 员工因公出差，须在出发前通过办公系统提交出差申请，写明事由、目的地与预计天数。

第二条 交通标准：部门经理及以下人员乘坐高铁二等座或飞机经济舱；单程超过八小时可申请卧铺。

第三条 住宿标准：一线城市每晚不超过六百元，二线城市每晚不超过四百五十元，其他城市每晚不超过三百五十元。

第四条 出差补助每天一百元，包含餐费与市内交通。

第五条 报销须在返回后十五个工作日内提交，附发票原件与行程单。逾期提交的，财务部有权不予报销。`,
  },
  {
    name: '研发规范.html', type: 'html', secrecy: 'internal', reviewRoles: ['研发人员'],
    text: `<html><head><title>研发规范</title></head><body>
<h1>研发规范</h1>
<h2>代码评审</h2><p>所有代码合入主干前必须经过至少一名同事评审。评审意见须在两个工作日内处理。</p>
<h2>分支管理</h2><p>功能开发在特性分支进行，命名为 feature/需求编号。发布前从主干拉出 release 分支，只修复缺陷。</p>
<h2>测试要求</h2><p>新增代码的单元测试覆盖率不低于百分之八十。接口变更须同步更新接口文档与自动化测试用例。</p>
</body></html>`,
  },
  {
    name: '产品路线图.md', type: 'md', secrecy: 'secret',
    text: `# 产品路线图（秘密）

## 明年第一季度
知识库支持扫描件文字识别，问答支持多轮追问与引用溯源。

## 明年第二季度
上线数据库问答，支持自然语言生成查询语句并以图表展示结果。

## 明年第三季度
发布私有化部署一体机，内置国产大模型，满足涉密网络离线使用要求。`,
  },
  {
    name: '核心算法说明.txt', type: 'txt', secrecy: 'confidential',
    text: `核心算法说明（机密）

检索采用全文索引与向量召回的混合方式，召回结果按相关度重排序后送入大模型。

分块时保留段落与句子边界，重叠部分为整句，避免答案被截断。

权限过滤在召回阶段完成：用户密级以上的文档、以及未授权角色可见的文档，不会进入提示词。`,
  },
];

/**
 * On the first start with the demo organisation: a space of sample documents of every grade (one limited to
 * a review role), queued for processing so search and chat work right away. Does nothing if the space exists.
 */
export async function seedDemoKnowledge(deps: Deps): Promise<number[]> {
  const [exists] = await deps.db.select({ id: knowledgeSpaces.id }).from(knowledgeSpaces).where(eq(knowledgeSpaces.name, DEMO_SPACE));
  if (exists) return [];
  const [owner] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  const [boss] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangwei'));
  if (!owner || !boss) return [];
  const roleRows = await deps.db.select({ id: roles.id, name: roles.name }).from(roles)
    .where(inArray(roles.name, DOCS.flatMap((d) => d.reviewRoles ?? [])));
  const roleIds = new Map(roleRows.map((r) => [r.name, r.id]));
  const now = deps.now();
  const [space] = await deps.db.insert(knowledgeSpaces).values({
    name: DEMO_SPACE, description: '员工手册、差旅制度、研发规范等示例文档，覆盖各个密级', ownerId: owner.id,
    argument: defaultArguments(), createdAt: now, updatedAt: now,
  }).returning();
  const ids: number[] = [];
  for (const d of DOCS) {
    const bytes = Buffer.from(d.text, 'utf8');
    // The confidential one belongs to 张伟 (机密): the demo user (秘密) could not have uploaded it.
    const ownerId = d.secrecy === 'confidential' ? boss.id : owner.id;
    const [row] = await deps.db.insert(knowledgeDocuments).values({
      spaceId: space.id, docName: d.name, contentType: CONTENT_TYPES[d.type], filePath: '', size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'), secrecy: d.secrecy,
      reviewRoles: (d.reviewRoles ?? []).map((n) => roleIds.get(n)).filter((id): id is number => id !== undefined),
      ownerId, status: 'TODO', result: '等待处理', createdAt: now, updatedAt: now,
    }).returning({ id: knowledgeDocuments.id });
    const relative = documentFilePath(space.id, row.id, d.type);
    await writeFileAtomic(absolute(deps.config, relative), bytes);
    await deps.db.update(knowledgeDocuments).set({ filePath: relative }).where(eq(knowledgeDocuments.id, row.id));
    await enqueue(deps, { queue: DOCUMENT_QUEUE, key: documentJobKey(row.id), payload: { docId: row.id }, maxAttempts: deps.config.jobMaxAttempts });
    ids.push(row.id);
  }
  return ids;
}
