import { asc } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';
import { FIRST_RUN_FILE } from './db/first-run-file';
import { users } from './db/schema';
import { logFilePath } from './logging';
import type { SeedResult } from './db/seed';
import path from 'node:path';
import fs from 'node:fs';

/** What `npm start` prints once listening: the address and how to sign in. */
export async function startBanner(db: Db, config: Config, address: string, seed: SeedResult, notes: string[] = []): Promise<string> {
  const rows = await db
    .select({ username: users.username, fullName: users.fullName, system: users.system, mustChange: users.mustChangePassword })
    .from(users)
    .orderBy(asc(users.id))
    .limit(20);
  // The system accounts first, sysadmin (-1) before secadmin (-2) and auditadmin (-3).
  rows.sort((a, b) => Number(b.system) - Number(a.system));
  const system = rows.filter((u) => u.system).reverse();
  rows.splice(0, system.length, ...system);
  const firstRun = path.join(config.dataDir, FIRST_RUN_FILE);
  const generated = new Map(seed.accounts.filter((a) => a.generatedPassword).map((a) => [a.username, a.generatedPassword]));
  const lines = [
    '',
    `知识库服务已启动 / Server listening: ${address}`,
    `数据库 / Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'pgdata')}`,
    `请求日志 / Request log: ${config.logFileLevel === 'silent' ? '不记录 / off (LOG_FILE_LEVEL=silent)' : logFilePath(config)}`,
    '',
    '登录账号 / Accounts:',
    ...rows.map((u) => {
      const pw = generated.get(u.username);
      const kind = u.system ? '系统账号' : '普通用户';
      const note = pw ? `初始密码 ${pw}（首次登录须修改）` : u.mustChange ? '首次登录须修改密码' : '';
      return `  ${u.username.padEnd(12)} ${u.fullName}（${kind}） ${note}`.trimEnd();
    }),
    '',
  ];
  if (generated.size > 0) {
    lines.push(`以上生成的初始密码只显示这一次，也已写入 / Generated passwords are shown once and saved to: ${firstRun}`);
  } else if (seed.created) {
    lines.push('密码为 INITIAL_ADMIN_PASSWORD / DEMO_PASSWORD 所设 / Passwords are the ones set in INITIAL_ADMIN_PASSWORD / DEMO_PASSWORD');
  } else if (fs.existsSync(firstRun)) {
    lines.push(`首次启动生成的初始密码见 / Passwords generated at first start: ${firstRun}`);
  } else {
    lines.push('密码为首次启动时设置或生成的密码 / Passwords are those set or generated at first start');
  }
  lines.push(...warnings(config));
  // What an optional system program would add, when it is missing (the product reads everything else without it).
  if (notes.length) lines.push('', ...notes);
  return lines.join('\n') + '\n';
}

/** Start-up warnings for the administrator (D38): what is missing and how to set it up. */
function warnings(config: Config): string[] {
  if (config.llmBaseUrl) return [];
  return [
    '',
    '注意 / Warning: 未配置大模型 / no model configured. 智能问答对员工显示“管理员尚未配置大模型”，知识库问答只列出相关段落。',
    '  设置 LLM_BASE_URL（OpenAI 兼容地址，如 http://127.0.0.1:11434/v1）和 LLM_MODEL 后重启，见 .env.example 与 README。',
    '  Set LLM_BASE_URL (an OpenAI-compatible …/v1 address) and LLM_MODEL, then restart; see .env.example and the README.',
  ];
}
