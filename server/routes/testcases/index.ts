import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AiEnvelope, GenerateResult, GenerationDetail, GenerationIdBody, GenerationList, GenerationListBody, SkipItemBody, TaskIdsBody, TaskState,
  TESTCASE_MESSAGES, TESTCASE_PATHS,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import type { RouteAccessConfig } from '../../fastify-types';
import { badRequest } from '../../http-error';
import { aiOk } from '../../http/envelope';
import { startWorker } from '../../jobs/worker';
import { viewerOf } from '../../knowledge/visibility';
import {
  applyToTasks, createGeneration, generationDetail, listGenerations, skipItem, startGeneration, taskStates, type GenerationSource,
} from '../../testcases/generations';
import { testcaseJobHandler } from '../../testcases/process';
import { uploadLimitsOf, withUpload } from '../../uploads/receive';
import { sessionOf } from '../request-meta';

const FUNC = '/testCase';
const read: RouteAccessConfig = { access: 'business', func: FUNC, readOnly: true };
const manage: RouteAccessConfig = { access: 'business', func: FUNC, button: `${FUNC}#edit`, audit: 'testcase-tasks' };

const viewer = (deps: Deps, request: FastifyRequest) => viewerOf(deps, sessionOf(request).user);

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
        const docId = Number(fields.doc_id);
        let source: GenerationSource;
        if (file) {
          if (!fields.secrecy?.trim()) throw badRequest('请选择需求文档的密级');
          source = { kind: 'upload', file, secrecy: fields.secrecy.trim() };
        } else if (fields.doc_id && Number.isInteger(docId) && docId > 0) source = { kind: 'document', docId };
        else throw badRequest(TESTCASE_MESSAGES.missingFile);
        request.auditTarget = (file?.name ?? `文档 ${docId}`).slice(0, 500);
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
  };
}
