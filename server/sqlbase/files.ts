// Where SQLite and DuckDB connections may find their files: only inside the operator's DB_FILE_DIR (D45). A
// connection stores the path as given (relative to the directory, or absolute inside it); it is resolved again,
// symbolic links followed, every time the file is opened, so a link planted later cannot lead outside.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { badRequest } from '../http-error';
import { DbError } from './driver-types';

export const NO_FILE_DIR = '服务器未开放数据库文件目录（DB_FILE_DIR），不能使用 SQLite / DuckDB 文件连接';

/** Checks the form's path: text only (no URI, no control characters); answers it trimmed. */
export function dbPathField(config: Pick<Config, 'dbFileDir'>, value: string | undefined): string {
  if (!config.dbFileDir) throw badRequest(NO_FILE_DIR);
  const dbPath = (value ?? '').trim();
  if (!dbPath) throw badRequest('请填写数据库文件路径（DB_FILE_DIR 目录中的文件）');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(dbPath) || /^file:/i.test(dbPath) || dbPath.includes('?')) {
    throw badRequest('数据库文件路径格式不正确');
  }
  const resolved = path.resolve(config.dbFileDir, dbPath);
  if (!within(resolved, config.dbFileDir)) throw badRequest('数据库文件必须位于服务器开放的数据库文件目录（DB_FILE_DIR）中');
  return dbPath;
}

const within = (file: string, dir: string) => file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/**
 * The real path of a connection's file: inside DB_FILE_DIR after following every link, and a regular file.
 * Throws DbError (Chinese) otherwise; the message never names the real path.
 */
export function resolveDbFile(config: Pick<Config, 'dbFileDir'>, dbPath: string): string {
  if (!config.dbFileDir) throw new DbError(NO_FILE_DIR, 'connect');
  let dir: string;
  let real: string;
  try {
    dir = fs.realpathSync(config.dbFileDir);
  } catch {
    throw new DbError('连接失败：数据库文件目录（DB_FILE_DIR）不存在', 'connect');
  }
  try {
    real = fs.realpathSync(path.resolve(config.dbFileDir, dbPath));
  } catch {
    throw new DbError('连接失败：数据库文件不存在', 'connect');
  }
  if (!within(real, dir)) throw new DbError('连接失败：数据库文件必须位于数据库文件目录（DB_FILE_DIR）中', 'connect');
  if (!fs.statSync(real).isFile()) throw new DbError('连接失败：数据库文件路径不是文件', 'connect');
  return real;
}
