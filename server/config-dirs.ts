// The directories the configuration names besides DATA_DIR: where stored files live (FILES_DIR) and the one
// directory database file connections may open (DB_FILE_DIR); neither may be the root or a system directory.
import path from 'node:path';
import { ConfigError, raw, type Env } from './config-env';

/** Directories a database file directory may never be (nor hold DATA_DIR). */
const SYSTEM_DIRS = ['/', '/bin', '/boot', '/dev', '/etc', '/lib', '/lib64', '/proc', '/root', '/run', '/sbin', '/sys', '/usr', '/var', '/tmp'];

/** DB_FILE_DIR resolved against `cwd`, or null: no file connections. Never DATA_DIR nor a directory holding it. */
export function dbFileDir(env: Env, name: string, dataDir: string, cwd: string): string | null {
  const v = raw(env, name);
  if (v === undefined) return null;
  const dir = path.resolve(cwd, v);
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
  if (SYSTEM_DIRS.includes(dir)) throw new ConfigError(name, '不能是根目录或系统目录，请指定专门存放数据库文件的目录', 'must be a directory for database files, not the root or a system directory');
  if (inside(dataDir, dir)) throw new ConfigError(name, '不能是 DATA_DIR 或包含 DATA_DIR 的目录', 'must not be DATA_DIR or a directory holding it');
  return dir;
}

/** FILES_DIR resolved against `cwd`, DATA_DIR/files by default; never DATA_DIR itself. */
export function filesDir(env: Env, name: string, dataDir: string, cwd: string): string {
  const v = raw(env, name);
  if (v === undefined) return path.join(dataDir, 'files');
  const dir = path.resolve(cwd, v);
  if (SYSTEM_DIRS.includes(dir)) throw new ConfigError(name, '不能是根目录或系统目录，请指定专门存放文件的目录（如共享卷上的目录）', 'must be a directory for the stored files, not the root or a system directory');
  if (dir === dataDir) throw new ConfigError(name, '不能是 DATA_DIR 本身，请使用其下或共享卷上的专门目录', 'must not be DATA_DIR itself; name a folder of its own');
  return dir;
}
