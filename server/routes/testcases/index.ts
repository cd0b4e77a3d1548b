import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AddCaseBody, AiEnvelope, DeleteCaseBody, EditCaseBody, EditItemBody, ExportBody, GenerateResult, GenerationDetail, GenerationIdBody, GenerationList, GenerationListBody,
  MergeItemBody, ReplaceResult, SkipItemBody, TaskIdsBody, TaskState, TestCase, TESTCASE_MESSAGES, TESTCASE_PATHS,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { startWorker } from '../../jobs/worker';
import { viewerOf } from '../../knowledge/visibility';
import { generationDetail, listGenerations, taskStates } from '../../testcases/generation-reads';
import { createGeneration, startGeneration, type GenerationSource } from '../../testcases/generations';
import { addCase, deleteCase, editCase, editItem, mergeItem } from '../../testcases/editing';
import { casesWorkbook, casesXmind, exportCases } from '../../testcases/export';
import { testcaseJobHandler } from '../../testcases/process';
import { applyToTasks, skipItem } from '../../testcases/task-events';
import { archiveGeneration, replaceSource } from '../../testcases/versions';
import { uploadLimitsOf, withUpload, type ReceivedFile } from '../../uploads/receive';
import { contentDisposition } from '../sys-mgr/log-export';
import { sessionOf } from '../../plugins/request-meta';

const FUNC = '/testCase';
const read: RouteAccessConfig = { access: 'business', func: FUNC, readOnly: true };
const manage: RouteAccessConfig = { access: 'business', func: FUNC, button: `${FUNC}#edit`, audit: 'testcase-tasks' };

const viewer = (deps: Deps, request: FastifyRequest) => viewerOf(deps, sessionOf(request).user);

/** The source of a multipart request: `file` with `secrecy`, or `doc_id` of a knowledge document. */
function sourceFields(file: ReceivedFile | undefined, fields: Record<string, string | undefined>): GenerationSource {
  if (file) {
    if (!fields.secrecy?.trim()) throw badRequest('请选择需求文档的密级');
    return { kind: 'upload', file, secrecy: fields.secrecy.trim() };
  }
  const docId = Number(fields.doc_id);
  if (fields.doc_id && Number.isInteger(docId) && docId > 0) return { kind: 'document', docId };
  throw badRequest(TESTCASE_MESSAGES.missingFile);
}

const MIME = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xmind: 'application/vnd.xmind.workbook' } as const;

/**
 * Test-case generation (spec §7, issue 14): `generate` (multipart: `file` with `secrecy`, or `doc_id` of a knowledge
 * document; optional `name`; `start=false` to confirm the items first), `task_status`, the list, a generation's
 * page, and the tester's actions on tasks. Starts the worker of the test-case queue.
 */
export function testcaseRoutes(deps: Deps, options: { soleProcess: boolean }): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: deps.config.uploadMaxBytes, files: 2, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
    const worker = startWorker(deps, testcaseJobHandler(deps), { soleProcess: options.soleProcess, log: app.log });
    app.addHook('onClose', () => worker.stop());

    app.post(TESTCASE_PATHS.generate, {
      config: { access: 'business', func: FUNC, button: `${FUNC}#add`, audit: 'testcase-generate' },
      // multipart/form-data: file + secrecy, or doc_id; name; start. Read with request.parts().
      schema: { body: Type.Unknown(), response: { 200: AiEnvelope(GenerateResult) } },
    }, async (request) => {
      if (!request.isMultipart()) throw badRequest(TESTCASE_MESSAGES.missingFile);
      const options = { fileFields: ['file'], maxFiles: { count: 1, message: '每次只能上传一个需求文档' }, ...uploadLimitsOf(deps.config) };
      return withUpload(request, deps.config, options, async ({ files: [file], fields }) => {
        const source = sourceFields(file, fields);
        request.auditTarget = (file?.name ?? `文档 ${fields.doc_id}`).slice(0, 500);
        const result = await createGeneration(deps, await viewer(deps, request), source, {
          name: fields.name?.slice(0, 100), start: fields.start !== 'false',
        });
        request.auditDetail = `${result.task_ids.length} 个需求条目`;
        worker.wake();
        return aiOk(result);
      });
    });

    app.post(TESTCASE_PATHS.taskStatus, {
      config: read, schema: { body: TaskIdsBody, response: { 200: AiEnvelope(Type.Array(TaskState)) } },
    }, async (request) => aiOk(await taskStates(deps, await viewer(deps, request), request.body.task_ids)));

    app.post(TESTCASE_PATHS.list, {
      config: read, schema: { body: GenerationListBody, response: { 200: AiEnvelope(GenerationList) } },
    }, async (request) => aiOk(await listGenerations(deps, await viewer(deps, request), request.body)));

    app.post(TESTCASE_PATHS.detail, {
      config: read, schema: { body: GenerationIdBody, response: { 200: AiEnvelope(GenerationDetail) } },
    }, async (request) => aiOk(await generationDetail(deps, await viewer(deps, request), request.body.generation_id)));

    app.post(TESTCASE_PATHS.start, {
      config: manage, schema: { body: GenerationIdBody, response: { 200: AiEnvelope(Type.Array(Type.String())) } },
    }, async (request) => {
      request.auditDetail = `开始生成 ${request.body.generation_id}`;
      const started = await startGeneration(deps, await viewer(deps, request), request.body.generation_id);
      worker.wake();
      return aiOk(started);
    });

    const taskAction = (event: 'pause' | 'resume' | 'terminate', label: string) => async (request: FastifyRequest<{ Body: TaskIdsBody }>) => {
      request.auditDetail = `${label} ${request.body.task_ids.length} 个任务`;
      const states = await applyToTasks(deps, await viewer(deps, request), request.body.task_ids, event);
      if (event === 'resume') worker.wake();
      return aiOk(states);
    };
    const taskSchema = { body: TaskIdsBody, response: { 200: AiEnvelope(Type.Array(TaskState)) } };
    app.post(TESTCASE_PATHS.pause, { config: manage, schema: taskSchema }, taskAction('pause', '暂停'));
    app.post(TESTCASE_PATHS.resume, { config: manage, schema: taskSchema }, taskAction('resume', '继续'));
    app.post(TESTCASE_PATHS.terminate, { config: manage, schema: taskSchema }, taskAction('terminate', '终止'));

    app.post(TESTCASE_PATHS.skip, {
      config: manage, schema: { body: SkipItemBody, response: { 200: AiEnvelope(Type.Array(TaskState)) } },
    }, async (request) => {
      request.auditDetail = `跳过需求条目 ${request.body.item_id}：${request.body.reason}`;
      return aiOk(await skipItem(deps, await viewer(deps, request), request.body.item_id, request.body.reason));
    });

    app.post(TESTCASE_PATHS.editItem, {
      config: manage, schema: { body: EditItemBody, response: { 200: AiEnvelope(Type.Array(TaskState)) } },
    }, async (request) => {
      request.auditDetail = `修改需求条目 ${request.body.item_id}`;
      const states = await editItem(deps, await viewer(deps, request), request.body);
      worker.wake();
      return aiOk(states);
    });

    app.post(TESTCASE_PATHS.mergeItem, {
      config: manage, schema: { body: MergeItemBody, response: { 200: AiEnvelope(Type.Array(TaskState)) } },
    }, async (request) => {
      request.auditDetail = `合并需求条目 ${request.body.item_id} 与下一条`;
      const states = await mergeItem(deps, await viewer(deps, request), request.body.item_id);
      worker.wake();
      return aiOk(states);
    });

    app.post(TESTCASE_PATHS.editCase, {
      config: { ...manage, audit: 'testcase-edit' }, schema: { body: EditCaseBody, response: { 200: AiEnvelope(TestCase) } },
    }, async (request) => {
      request.auditTarget = `用例 ${request.body.case_id}`;
      return aiOk(await editCase(deps, await viewer(deps, request), request.body));
    });

    app.post(TESTCASE_PATHS.addCase, {
      config: { ...manage, audit: 'testcase-case-add' }, schema: { body: AddCaseBody, response: { 200: AiEnvelope(TestCase) } },
    }, async (request) => {
      request.auditTarget = `需求条目 ${request.body.item_id}`;
      return aiOk(await addCase(deps, await viewer(deps, request), request.body));
    });

    app.post(TESTCASE_PATHS.deleteCase, {
      config: { ...manage, audit: 'testcase-case-delete' }, schema: { body: DeleteCaseBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditTarget = `用例 ${request.body.case_id}`;
      await deleteCase(deps, await viewer(deps, request), request.body.case_id);
      return aiOk(null);
    });

    app.post(TESTCASE_PATHS.archive, {
      config: manage, schema: { body: GenerationIdBody, response: { 200: AiEnvelope(Type.Null()) } },
    }, async (request) => {
      request.auditDetail = `归档 ${request.body.generation_id}`;
      await archiveGeneration(deps, await viewer(deps, request), request.body.generation_id);
      return aiOk(null);
    });

    app.post(TESTCASE_PATHS.replaceSource, {
      config: manage,
      // multipart/form-data: generation_id, and file + secrecy or doc_id.
      schema: { body: Type.Unknown(), response: { 200: AiEnvelope(ReplaceResult) } },
    }, async (request) => {
      if (!request.isMultipart()) throw badRequest(TESTCASE_MESSAGES.missingFile);
      const options = { fileFields: ['file'], maxFiles: { count: 1, message: '每次只能上传一个需求文档' }, ...uploadLimitsOf(deps.config) };
      return withUpload(request, deps.config, options, async ({ files: [file], fields }) => {
        const uid = fields.generation_id?.trim();
        if (!uid || uid.length > 64) throw badRequest('请指定要更新的生成任务');
        request.auditDetail = `更新需求文档 ${uid}：${(file?.name ?? `文档 ${fields.doc_id}`).slice(0, 200)}`;
        const result = await replaceSource(deps, await viewer(deps, request), uid, sourceFields(file, fields));
        return aiOk(result);
      });
    });

    app.post(TESTCASE_PATHS.export, {
      config: { access: 'business', func: FUNC, button: `${FUNC}#export`, audit: 'testcase-export' },
      // The 200 answer is the file itself (a Buffer is sent as it is).
      schema: { body: ExportBody, response: { 200: Type.Any({ description: 'xlsx or xmind file' }) } },
    }, async (request, reply) => {
      const { generation_id: uid, format } = request.body;
      const { name, cases } = await exportCases(deps, await viewer(deps, request), uid);
      request.auditTarget = name.slice(0, 500);
      request.auditDetail = `${format}，${cases.length} 条用例`;
      const file = format === 'xlsx' ? await casesWorkbook(cases) : Buffer.from(casesXmind(name, cases));
      return reply.header('content-type', MIME[format]).header('content-disposition', contentDisposition(`${name}-用例.${format}`, `testcases.${format}`)).send(file);
    });
  };
}
