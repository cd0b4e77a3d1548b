// Database chat connections (/sqlBase: list, add, edit, delete, test) and the SQL editor's run call. Adding,
// editing, deleting and testing need the /sqlBase buttons; seeing, testing and using a connection also needs the
// document rule (grade within clearance, review roles). The password is never in an answer or a log line.
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AiEnvelope, DB_PATHS, DB_TYPE_OPTIONS, DbConfigBody, DbConnection, DbListQuery, DbNameQuery, DbSupportType, DbTestResult, SQL_RUN_STREAM_TYPE,
  SqlRunBody, SqlRunResult, type SqlRunFrame,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { viewerOf } from '../../knowledge/visibility';
import { addConnection, deleteConnection, editConnection, parseAllowedTables, specForTest, toApi, visibleConnection, visibleConnections } from '../../sqlbase/connections';
import { DbError } from '../../sqlbase/driver-types';
import { openSession } from '../../sqlbase/drivers';
import { allowedTablesOf, closeIdleSessions, dropIdleSessions, openConnection, releaseConnection, runGated, SqlRefused } from '../../sqlbase/execute';
import { OutboundRefused } from '../../sqlbase/outbound';
import { STREAM_HEADERS } from '../chat';
import { actorOf, sessionOf } from '../../plugins/request-meta';

const PAGE = '/sqlBase';
const read: RouteAccessConfig = { access: 'business', func: PAGE, readOnly: true };
const button = (code: string, audit: string): RouteAccessConfig => ({ access: 'business', button: `${PAGE}#${code}`, identityUnchanged: true, audit });
/** Body ignored (DB-GPT's query-parameter calls). */
const AnyBody = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]);

/** What an audit entry names of a connection: type and server and account, or type and file (never a password). */
const targetOf = (c: { dbType: string; dbUser: string; dbHost: string; dbPort: number; dbPath: string }) =>
  (c.dbPath ? `${c.dbType} 文件 ${c.dbPath}` : `${c.dbType} ${c.dbUser}@${c.dbHost}:${c.dbPort}`);

/** Driver and outbound failures as 400 with their Chinese message; anything else stays an internal error. */
function asBadRequest(err: unknown): never {
  if (err instanceof DbError || err instanceof OutboundRefused || err instanceof SqlRefused) throw badRequest(err.message);
  throw err;
}

export function sqlbaseRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onClose', async () => {
      await closeIdleSessions();
    });
    app.get(DB_PATHS.list, {
      config: read,
      schema: { querystring: DbListQuery, response: { 200: AiEnvelope(Type.Array(DbConnection)) } },
    }, async (request) => {
      const viewer = await viewerOf(deps, sessionOf(request).user);
      return aiOk(await toApi(deps, await visibleConnections(deps, viewer, request.query.db_name?.trim() || undefined)));
    });

    app.get(DB_PATHS.supportType, {
      config: read,
      schema: { querystring: Type.Object({}, { additionalProperties: true }), response: { 200: AiEnvelope(Type.Array(DbSupportType)) } },
    // File types only where the operator opened a directory for database files (DB_FILE_DIR).
    }, async () => aiOk(DB_TYPE_OPTIONS.filter((t) => !t.is_file_db || deps.config.dbFileDir).map((t) => ({ db_type: t.db_type, is_file_db: t.is_file_db }))));

    app.post(DB_PATHS.add, {
      config: button('add', 'db-create'),
      schema: { body: DbConfigBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      request.auditTarget = request.body.db_name;
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const row = await addConnection(deps, viewer, request.body);
      request.auditDetail = targetOf(row);
      return aiOk(true);
    });

    app.post(DB_PATHS.edit, {
      config: button('edit', 'db-update'),
      schema: { body: DbConfigBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      request.auditTarget = request.body.db_name;
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const row = await editConnection(deps, viewer, request.body);
      await dropIdleSessions(row.id);
      request.auditDetail = `${targetOf(row)}${request.body.db_pwd && !row.dbPath ? '；已更换密码' : ''}`;
      return aiOk(true);
    });

    app.post(DB_PATHS.remove, {
      config: button('delete', 'db-delete'),
      schema: { querystring: DbNameQuery, body: AnyBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      request.auditTarget = request.query.db_name;
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const removed = await deleteConnection(deps, viewer, request.query.db_name);
      await dropIdleSessions(removed);
      return aiOk(true);
    });

    app.post(DB_PATHS.testConnect, {
      config: button('test', 'db-test'),
      schema: { body: DbConfigBody, response: { 200: AiEnvelope(DbTestResult) } },
    }, async (request) => {
      request.auditTarget = request.body.db_name;
      const viewer = await viewerOf(deps, sessionOf(request).user);
      const spec = await specForTest(deps, viewer, request.body);
      request.auditDetail = targetOf(spec);
      const session = await openSession(deps.config, spec).catch(asBadRequest);
      try {
        const [tables, canWrite] = await Promise.all([session.tables(), session.canWrite()]).catch(asBadRequest);
        // The form's allowed tables when given, else the stored connection's.
        const [stored] = request.body.allowed_tables === undefined ? await visibleConnections(deps, viewer, spec.dbName) : [];
        const allowedTables = request.body.allowed_tables === undefined ? stored?.allowedTables ?? [] : parseAllowedTables(request.body.allowed_tables);
        const shown = allowedTablesOf({ allowedTables }, tables).length;
        const message = session.fileDb
          ? `连接成功，可访问 ${shown} 张表；数据库文件以只读方式打开`
          : canWrite
          ? `连接成功，可访问 ${shown} 张表。注意：该账号有写入权限，建议改用只读账号（查询仍只在只读事务中执行）`
          : `连接成功，可访问 ${shown} 张表；该账号为只读账号`;
        return aiOk({ can_write: canWrite, tables: shown, message });
      } finally {
        await session.close();
      }
    });

    app.post(DB_PATHS.sqlRun, {
      config: { access: 'business', func: '/chatWindow', identityUnchanged: true },
      // JSON (DB-GPT's editor), or rows streamed as they are read with `Accept: application/x-ndjson` (SqlRunFrame).
      schema: { body: SqlRunBody, response: { 200: AiEnvelope(SqlRunResult) } },
    }, async (request, reply) => {
      const { user } = sessionOf(request);
      const viewer = await viewerOf(deps, user);
      const row = await visibleConnection(deps, viewer, request.body.db_name.trim());
      const open = await openConnection(deps, row, user.id).catch(asBadRequest);
      const sql = request.body.sql.trim();
      try {
        if (!String(request.headers.accept ?? '').includes(SQL_RUN_STREAM_TYPE)) {
          const { result, durationMs } = await runGated(deps, actorOf(request), open, sql, { source: 'SQL 编辑器' }).catch(asBadRequest);
          return aiOk({ sql, columns: result.columns, data: result.rows, truncated: result.truncated, duration_ms: durationMs });
        }
        // The stream starts with the first rows: a refusal or failure before them is still a JSON error.
        let res: ServerResponse | null = null;
        const send = (frame: SqlRunFrame) => {
          if (!res) {
            reply.hijack();
            res = reply.raw;
            const headers: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(reply.getHeaders())) {
              if (value !== undefined && name !== 'content-length') headers[name] = typeof value === 'number' ? String(value) : value;
            }
            res.writeHead(200, { ...headers, ...STREAM_HEADERS, 'content-type': `${SQL_RUN_STREAM_TYPE}; charset=utf-8` });
          }
          if (res.destroyed || res.writableEnded) return;
          res.write(`${JSON.stringify(frame)}\n`);
          res.socket?.uncork();
        };
        let columnsSent = false;
        try {
          const { result, durationMs } = await runGated(deps, actorOf(request), open, sql, {
            source: 'SQL 编辑器',
            onRows: (rows, columns) => {
              if (!columnsSent) send({ type: 'columns', columns });
              columnsSent = true;
              send({ type: 'rows', rows });
            },
          });
          if (!columnsSent) send({ type: 'columns', columns: result.columns });
          send({ type: 'end', sql, rows: result.rows.length, truncated: result.truncated, duration_ms: durationMs });
        } catch (err) {
          if (!res) asBadRequest(err);
          send({ type: 'error', message: err instanceof DbError || err instanceof SqlRefused ? err.message : '查询失败：数据库执行出错' });
        } finally {
          (res as ServerResponse | null)?.end();
        }
        return reply;
      } finally {
        await releaseConnection(open);
      }
    });
  };
}
