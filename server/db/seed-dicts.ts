import { inArray, sql } from 'drizzle-orm';
import { SYSADMIN_ID } from '../../contract/api';
import type { Db } from './client';
import { dictionaries, dictItems, tbomNodes, users } from './schema';

/** The dictionary groups of spec §3, in display order. */
export const DICT_GROUPS = [
  { code: 'common', name: '通用' },
  { code: 'knowledge', name: '知识' },
  { code: 'project', name: '项目' },
  { code: 'task-center', name: '任务中心' },
  { code: 'rd-config', name: '研发配置' },
] as const;

/** A seeded dictionary entry: code, name, optional sub-entries; `off` marks a retired (disabled) entry. */
export type SeedEntry = { code: string; name: string; off?: boolean; children?: SeedEntry[] };
/** A seeded dictionary. */
export type SeedDictionary = { code: string; name: string; group: (typeof DICT_GROUPS)[number]['code']; entries: SeedEntry[] };

const e = (code: string, name: string, children?: SeedEntry[], off?: boolean): SeedEntry => ({ code, name, children, off });

/**
 * The dictionaries of a new installation (spec §3 names, and a few more in its groups), filled with sample entries a
 * machinery enterprise might use. The entries are samples, not part of the product: nothing relies on their codes,
 * so the administrator may delete or recode every one (issue 27 §6); `dict_items.system` stays for entries a later
 * release might need to rely on.
 */
export const SEED_DICTIONARIES: SeedDictionary[] = [
  {
    code: 'DUTY_CODE', name: '职务', group: 'common',
    entries: [
      e('GM', '总经理'), e('DGM', '副总经理'), e('CHIEF_ENGINEER', '总工程师'), e('MANAGER', '部门经理'),
      e('DEPUTY_MANAGER', '部门副经理'), e('SUPERVISOR', '主管'), e('ENGINEER', '工程师'), e('SPECIALIST', '专员'),
    ],
  },
  {
    code: 'PROFESSION', name: '专业', group: 'common',
    entries: [
      e('MECH', '机械', [e('MECH_STRUCT', '结构设计'), e('MECH_FLUID', '流体机械'), e('MECH_WELD', '焊接工艺')]),
      e('ELEC', '电气', [e('ELEC_AUTO', '自动化控制'), e('ELEC_POWER', '电力电子'), e('ELEC_EMBED', '嵌入式')]),
      e('SOFT', '软件', [e('SOFT_FRONT', '前端开发'), e('SOFT_BACK', '后端开发'), e('SOFT_TEST', '软件测试')]),
      e('MATL', '材料', [e('MATL_METAL', '金属材料'), e('MATL_SEAL', '密封材料')]),
      e('QUALITY', '质量'),
    ],
  },
  {
    code: 'CATEGORY_ROUTE', name: '产品分类路径', group: 'common',
    entries: [
      e('VALVE', '阀门', [
        e('VALVE_GATE', '闸阀'), e('VALVE_GLOBE', '截止阀'), e('VALVE_BALL', '球阀'),
        e('VALVE_BUTTERFLY', '蝶阀'), e('VALVE_CONTROL', '调节阀'), e('VALVE_CHECK', '止回阀'),
      ]),
      e('ACTUATOR', '执行机构', [e('ACT_ELECTRIC', '电动执行机构'), e('ACT_PNEUMATIC', '气动执行机构'), e('ACT_HYDRAULIC', '液动执行机构')]),
      e('PART', '零部件', [e('PART_SEAL', '密封件'), e('PART_FASTENER', '紧固件'), e('PART_CASTING', '铸件')]),
    ],
  },
  {
    code: 'KNOWLEDGE_RANGE_TYPE', name: '知识范围类型', group: 'knowledge',
    entries: [e('ENTERPRISE', '企业级'), e('DEPARTMENT', '部门级'), e('PROJECT', '项目级'), e('PERSONAL', '个人')],
  },
  {
    code: 'TECH_DISCUSSION_TYPE', name: '技术研讨类型', group: 'knowledge',
    entries: [
      e('DESIGN_REVIEW', '方案评审'), e('TACKLING', '技术攻关'), e('FAILURE_ANALYSIS', '故障分析'),
      e('EXPERIENCE', '经验分享'), e('STANDARD_STUDY', '标准宣贯'),
    ],
  },
  {
    code: 'KNOWLEDGE_DOC_TYPE', name: '知识文档类型', group: 'knowledge',
    entries: [
      e('STANDARD', '标准规范', [e('STD_NATIONAL', '国家标准'), e('STD_INDUSTRY', '行业标准'), e('STD_ENTERPRISE', '企业标准')]),
      e('DESIGN', '设计文档'), e('PROCESS', '工艺文件'), e('TEST_REPORT', '试验报告'), e('MANUAL', '用户手册'),
    ],
  },
  {
    code: 'PROJECT_STAGE', name: '项目阶段', group: 'project',
    entries: [
      e('INITIATION', '立项'), e('SCHEME', '方案设计'), e('DETAIL', '详细设计'), e('TRIAL', '样机试制'),
      e('VERIFY', '试验验证'), e('FINALIZE', '设计定型'), e('CLOSE', '结题验收'),
    ],
  },
  {
    code: 'PROJECT_LEVEL', name: '项目级别', group: 'project',
    entries: [e('KEY', '公司级重点项目'), e('COMPANY', '公司级项目'), e('DEPT', '部门级项目')],
  },
  {
    code: 'TASK_TYPE', name: '任务类型', group: 'task-center',
    entries: [
      e('DESIGN', '设计任务', [e('DESIGN_STRUCT', '结构设计'), e('DESIGN_ELEC', '电气设计'), e('DESIGN_SOFT', '软件设计')]),
      e('TEST', '试验任务'), e('REVIEW', '评审任务'), e('DOC', '文档编制'), e('CHANGE', '设计变更'),
    ],
  },
  {
    code: 'TASK_PRIORITY', name: '任务优先级', group: 'task-center',
    entries: [e('URGENT', '紧急'), e('HIGH', '高'), e('MEDIUM', '中'), e('LOW', '低')],
  },
  {
    code: 'APP_TEMPLATE_CLASSIFICATION', name: '应用模板分类', group: 'rd-config',
    entries: [
      e('QA', '知识问答'), e('DOC_GEN', '文档生成'), e('DATA_ANALYSIS', '数据分析'),
      e('CODE_ASSIST', '代码辅助'), e('TEST_CASE', '测试用例生成'),
    ],
  },
  {
    code: 'DRIVER_METHOD', name: '驱动方式', group: 'rd-config',
    entries: [
      e('MANUAL', '手动', [e('MANUAL_HANDWHEEL', '手轮'), e('MANUAL_LEVER', '手柄'), e('MANUAL_GEAR', '蜗轮蜗杆')]),
      e('ELECTRIC', '电动'), e('PNEUMATIC', '气动'), e('HYDRAULIC', '液动'), e('ELECTRO_HYDRAULIC', '电液联动'),
    ],
  },
  {
    code: 'VALVE_SEAT_STRUCTURE', name: '阀座结构', group: 'rd-config',
    entries: [
      e('SOFT', '软密封', [e('SOFT_PTFE', 'PTFE 软密封'), e('SOFT_RUBBER', '橡胶软密封'), e('SOFT_PPL', 'PPL 软密封')]),
      e('HARD', '硬密封', [e('HARD_METAL', '金属硬密封'), e('HARD_STELLITE', '堆焊硬质合金')]),
      e('FLOATING', '浮动阀座'), e('FIXED', '固定阀座'), e('ELASTIC', '弹性阀座', undefined, true),
    ],
  },
  {
    code: 'NOMINAL_PRESSURE', name: '公称压力', group: 'rd-config',
    entries: [
      e('PN16', 'PN16'), e('PN25', 'PN25'), e('PN40', 'PN40'), e('PN63', 'PN63'), e('PN100', 'PN100'),
      e('CLASS150', 'Class 150'), e('CLASS300', 'Class 300'), e('CLASS600', 'Class 600'),
    ],
  },
  {
    code: 'VALVE_BODY_MATERIAL', name: '阀体材料', group: 'rd-config',
    entries: [
      e('WCB', 'WCB 碳钢'), e('LCB', 'LCB 低温钢'), e('CF8', 'CF8 不锈钢'), e('CF8M', 'CF8M 不锈钢'),
      e('A105', 'A105 锻钢'), e('HT200', 'HT200 灰铸铁', undefined, true),
    ],
  },
];

/** A seeded tbom (product structure) node. */
export type SeedTbom = { code: string; name: string; off?: boolean; children?: SeedTbom[] };
const t = (code: string, name: string, children?: SeedTbom[], off?: boolean): SeedTbom => ({ code, name, children, off });

/** A small product-structure tree of two valve products and a retired one. */
export const SEED_TBOM: SeedTbom[] = [
  t('QTF-100', '气动调节阀 QTF-100', [
    t('QTF-100-01', '阀体组件', [
      t('QTF-100-0101', '阀体'), t('QTF-100-0102', '阀盖'), t('QTF-100-0103', '阀座'),
      t('QTF-100-0104', '阀芯'), t('QTF-100-0105', '阀杆'), t('QTF-100-0106', '填料函'),
    ]),
    t('QTF-100-02', '气动执行机构', [
      t('QTF-100-0201', '气缸'), t('QTF-100-0202', '膜片'), t('QTF-100-0203', '弹簧组件'), t('QTF-100-0204', '推杆'),
    ]),
    t('QTF-100-03', '附件', [t('QTF-100-0301', '电气阀门定位器'), t('QTF-100-0302', '空气过滤减压阀'), t('QTF-100-0303', '限位开关')]),
  ]),
  t('Z941H-16C', '电动闸阀 Z941H-16C', [
    t('Z941H-01', '阀体组件', [t('Z941H-0101', '阀体'), t('Z941H-0102', '闸板'), t('Z941H-0103', '阀杆'), t('Z941H-0104', '阀座密封圈')]),
    t('Z941H-02', '电动装置', [t('Z941H-0201', '电机'), t('Z941H-0202', '减速箱'), t('Z941H-0203', '控制模块')]),
  ]),
  t('Q41F-25', '手动球阀 Q41F-25（停产）', [t('Q41F-01', '球体'), t('Q41F-02', 'PTFE 阀座'), t('Q41F-03', '手柄')], true),
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertEntries(tx: Tx, dictCode: string, entries: SeedEntry[], parentId: number | null): Promise<void> {
  for (const [sort, entry] of entries.entries()) {
    const [row] = await tx
      .insert(dictItems)
      .values({ dictCode, parentId, code: entry.code, name: entry.name, sort, disabled: entry.off ?? false, system: false })
      .returning({ id: dictItems.id });
    if (entry.children) await insertEntries(tx, dictCode, entry.children, row.id);
  }
}

async function insertTbom(tx: Tx, nodes: SeedTbom[], parentId: number | null, parentOff: boolean): Promise<void> {
  for (const [sort, node] of nodes.entries()) {
    const off = parentOff || (node.off ?? false);
    const [row] = await tx
      .insert(tbomNodes)
      .values({ parentId, code: node.code, name: node.name, sort, disabled: off })
      .returning({ id: tbomNodes.id });
    if (node.children) await insertTbom(tx, node.children, row.id, off);
  }
}

/** What a start must know before seeding, read in one statement (each cold statement costs a start time, D82). */
export type SeedState = { presentCodes: string[]; tbomEmpty: boolean; systemSeeded: boolean };

export async function seedState(db: Db): Promise<SeedState> {
  const codes = SEED_DICTIONARIES.map((d) => d.code);
  const result = (await db.execute(sql`
    select array(select ${dictionaries.code} from ${dictionaries} where ${inArray(dictionaries.code, codes)}) as present,
      exists(select 1 from ${tbomNodes}) as tbom,
      exists(select 1 from ${users} where ${users.id} = ${SYSADMIN_ID}) as seeded`)) as unknown as {
    rows: { present: string[] | null; tbom: boolean; seeded: boolean }[];
  };
  const [row] = result.rows;
  return { presentCodes: row.present ?? [], tbomEmpty: !row.tbom, systemSeeded: row.seeded };
}

/**
 * Seeds the dictionaries missing from the database (by code, so a later release can add some) and,
 * when the tbom tree is empty, the sample product structure. Idempotent; runs in one transaction.
 */
export async function seedDictionaries(db: Db, state?: SeedState): Promise<void> {
  const { presentCodes, tbomEmpty } = state ?? (await seedState(db));
  const present = new Set(presentCodes);
  const missing = SEED_DICTIONARIES.filter((d) => !present.has(d.code));
  if (missing.length === 0 && !tbomEmpty) return;
  await db.transaction(async (tx) => {
    for (const d of missing) {
      await tx.insert(dictionaries).values({ code: d.code, name: d.name, groupCode: d.group, sort: SEED_DICTIONARIES.indexOf(d) });
      await insertEntries(tx, d.code, d.entries, null);
    }
    if (tbomEmpty) await insertTbom(tx, SEED_TBOM, null, false);
  });
}
