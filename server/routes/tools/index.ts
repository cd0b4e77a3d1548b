// Tools base (issue 15): tool sets (list, add, edit, delete, refresh), their tools (list, switch, class) and
// trying one (call). Adding, editing and deleting sets and switching tools are /toolsBase buttons; listing and
// calling are by the set's grant (roles, departments), checked in the call itself, never only in a list.
// Credentials go in and never out, and no argument value reaches the audit log.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  AiEnvelope, TOOL_PATHS, TOOL_RISKS, ToolCallBody, ToolCallCancelBody, ToolCallResult, ToolDept, ToolDeptsBody, ToolEditBody, ToolItem,
  ToolListBody, ToolSet, ToolSetBody, ToolSetIdBody, ToolSetListBody, ToolSpecFetchBody, ToolSpecFetchResult,
} from '../../../contract/api';
import { departmentNames } from '../../identity/grant-input';
import { tools } from '../../db/schema';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest, HttpError } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { argumentSummary, resultSummary, runTool } from '../../tools/call';
import { cancelCall, cancellableCall, listenForToolCancels } from '../../tools/cancel';
import { closeMcpClients } from '../../tools/mcp';
import { addSet, deleteSet, editSet, listedSets, refreshSet, toolFetch, toSetApi, toToolApi, toolUserFor, visibleSet, type ToolUser } from '../../tools/sets';
import { fetchOpenApiDocument, loggedAddress } from '../../tools/spec-fetch';
import { sessionOf } from '../../plugins/request-meta';
import type { FastifyRequest } from 'fastify';

const PAGE = '/toolsBase';
const read: RouteAccessConfig = { access: 'business', func: PAGE, readOnly: true };
const button = (code: string, audit: string): RouteAccessConfig => ({ access: 'business', button: `${PAGE}#${code}`, identityUnchanged: true, audit });

async function toolUserOf(deps: Deps, request: FastifyRequest): Promise<ToolUser> {
  const { user } = sessionOf(request);
  return toolUserFor(deps, user);
}


export function toolsRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.addHook('onClose', () => closeMcpClients());
    // 取消 asked on another process (several processes on one PostgreSQL): the one running the call aborts it.
    const stopListening = listenForToolCancels(deps);
    app.addHook('onClose', async () => stopListening());
    app.post(TOOL_PATHS.setList, {
      config: read,
      schema: { body: ToolSetListBody, response: { 200: AiEnvelope(Type.Array(ToolSet)) } },
    }, async (request) => {
      const user = await toolUserOf(deps, request);
      return aiOk(await toSetApi(deps, await listedSets(deps, user, request.body.name?.trim() || undefined)));
    });

    app.post(TOOL_PATHS.setAdd, {
      config: button('add', 'toolset-create'),
      schema: { body: ToolSetBody, response: { 200: AiEnvelope(ToolSet) } },
    }, async (request) => {
      request.auditTarget = request.body.name;
      const user = await toolUserOf(deps, request);
      const row = await addSet(deps, user, request.body);
      const { count, error } = await refreshSet(deps, row);
      request.auditDetail = `${row.kind} ${row.url || 'OpenAPI 文档'}；${error ? `读取工具失败：${error}` : `${count} 个工具`}`;
      const [listed] = await toSetApi(deps, [await visibleSet(deps, user, row.id)]);
      return aiOk(listed);
    });

    app.post(TOOL_PATHS.setEdit, {
      config: button('edit', 'toolset-update'),
      schema: { body: ToolSetBody, response: { 200: AiEnvelope(ToolSet) } },
    }, async (request) => {
      request.auditTarget = request.body.name;
      const user = await toolUserOf(deps, request);
      const row = await editSet(deps, user, request.body);
      const { count, error } = await refreshSet(deps, row);
      request.auditDetail = `${row.kind} ${row.url || 'OpenAPI 文档'}${request.body.credential ? '；已更换凭据' : ''}；${error ? `读取工具失败：${error}` : `${count} 个工具`}`;
      const [listed] = await toSetApi(deps, [await visibleSet(deps, user, row.id)]);
      return aiOk(listed);
    });

    app.post(TOOL_PATHS.setDelete, {
      config: button('delete', 'toolset-delete'),
      schema: { body: ToolSetIdBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      const user = await toolUserOf(deps, request);
      const row = await deleteSet(deps, user, request.body.id);
      request.auditTarget = row.name;
      return aiOk(true);
    });

    app.post(TOOL_PATHS.setRefresh, {
      config: button('edit', 'toolset-refresh'),
      schema: { body: ToolSetIdBody, response: { 200: AiEnvelope(ToolSet) } },
    }, async (request) => {
      const user = await toolUserOf(deps, request);
      const { row } = await visibleSet(deps, user, request.body.id);
      request.auditTarget = row.name;
      const { count, error } = await refreshSet(deps, row);
      request.auditDetail = error ? `读取工具失败：${error}` : `${count} 个工具`;
      const [listed] = await toSetApi(deps, [await visibleSet(deps, user, row.id)]);
      return aiOk(listed);
    });

    // 从 URL 导入: the same button as adding a set (the read reaches out from the server on the caller's word).
    app.post(TOOL_PATHS.specFetch, {
      config: button('add', 'toolset-spec-fetch'),
      schema: { body: ToolSpecFetchBody, response: { 200: AiEnvelope(ToolSpecFetchResult) } },
    }, async (request) => {
      request.auditTarget = loggedAddress(request.body.url);
      const fetched = await fetchOpenApiDocument(toolFetch(deps), request.body.url);
      const landed = loggedAddress(fetched.url);
      request.auditDetail = `${fetched.tool_count} 个接口，${Buffer.byteLength(fetched.spec)} 字节${landed === request.auditTarget ? '' : `；重定向至 ${landed}`}`;
      return aiOk(fetched);
    });

    app.post(TOOL_PATHS.list, {
      config: read,
      schema: { body: ToolListBody, response: { 200: AiEnvelope(Type.Array(ToolItem)) } },
    }, async (request) => {
      const user = await toolUserOf(deps, request);
      const { row } = await visibleSet(deps, user, request.body.set_id);
      const rows = await deps.db.select().from(tools).where(eq(tools.setId, row.id)).orderBy(tools.name);
      return aiOk(rows.map(toToolApi));
    });

    app.post(TOOL_PATHS.edit, {
      config: button('edit', 'tool-update'),
      schema: { body: ToolEditBody, response: { 200: AiEnvelope(ToolItem) } },
    }, async (request) => {
      const user = await toolUserOf(deps, request);
      const [tool] = await deps.db.select().from(tools).where(eq(tools.id, request.body.tool_id));
      if (!tool) throw new HttpError(404, '工具不存在或您无权使用');
      const { row: set } = await visibleSet(deps, user, tool.setId);
      request.auditTarget = `${set.name} / ${tool.name}`;
      const { enabled, risk } = request.body;
      // The contract admits only the three classes; an own-key test here as well (no inherited names).
      if (risk !== undefined && !Object.hasOwn(TOOL_RISKS, risk)) throw badRequest('风险类别只能是 read（只读）、write（写入）或 send（对外发送）');
      if (enabled === undefined && risk === undefined) throw badRequest('请指定要修改的启用状态或风险类别');
      const patch = { ...(enabled === undefined ? {} : { enabled }), ...(risk === undefined ? {} : { risk, riskOverridden: true }) };
      const [updated] = await deps.db.update(tools).set(patch).where(eq(tools.id, tool.id)).returning();
      request.auditDetail = [
        enabled === undefined ? '' : enabled ? '启用' : '停用',
        risk === undefined ? '' : `风险类别：${TOOL_RISKS[risk]}`,
      ].filter(Boolean).join('；');
      return aiOk(toToolApi(updated));
    });

    // The grant picker's departments: names and places only (the department screens' reads stay theirs).
    app.post(TOOL_PATHS.depts, {
      config: read,
      schema: { body: ToolDeptsBody, response: { 200: AiEnvelope(Type.Array(ToolDept)) } },
    }, async () => aiOk(await departmentNames(deps)));

    app.post(TOOL_PATHS.call, {
      config: { access: 'business', func: PAGE, identityUnchanged: true, audit: 'tool-call' },
      schema: { body: ToolCallBody, response: { 200: AiEnvelope(ToolCallResult) } },
    }, async (request, reply) => {
      const user = await toolUserOf(deps, request);
      const args = request.body.arguments ?? {};
      request.auditTarget = `工具 ${request.body.tool_id}`;
      request.auditDetail = argumentSummary(args);
      // Cancellable by its caller (tools/call/cancel with the same call_id), and ended when the caller goes away.
      const controller = new AbortController();
      const cancel = request.body.call_id ? cancellableCall(`user:${user.id}`, request.body.call_id) : null;
      cancel?.signal.addEventListener('abort', () => controller.abort(), { once: true });
      const gone = () => {
        if (!reply.raw.writableEnded) controller.abort();
      };
      reply.raw.on('close', gone);
      try {
        const result = await runTool(deps, user, request.body.tool_id, args, { confirmed: request.body.confirm === true, signal: controller.signal });
        request.auditTarget = `${result.set.name} / ${result.tool.name}`;
        request.auditDetail = resultSummary(args, result);
        return aiOk({
          content: result.content, is_error: result.is_error, truncated: result.truncated, duration_ms: result.duration_ms,
          images: result.images.map((i) => ({ mime_type: i.mimeType, data: i.data.toString('base64') })),
        });
      } finally {
        cancel?.done();
        reply.raw.off('close', gone);
      }
    });

    app.post(TOOL_PATHS.callCancel, {
      config: { access: 'business', func: PAGE, identityUnchanged: true },
      schema: { body: ToolCallCancelBody, response: { 200: AiEnvelope(Type.Boolean()) } },
    }, async (request) => {
      const { user } = sessionOf(request);
      // Another process may be running it: told, and the caller's call answers 调用已取消 when it ends.
      return aiOk((await cancelCall(deps, `user:${user.id}`, request.body.call_id)) !== false);
    });
  };
}
