import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ImportResult, MgmtEnvelope, USER_PATHS } from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { buildTemplate, IMPORT_MAX_BYTES, readSheet } from '../../mgmt/users/import-sheet';
import { checkRows, importRows, summarise } from '../../mgmt/users/user-import';

const PAGE = '/sysMgr/userMgr';
const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** The uploaded file's bytes and the dryRun field of a multipart request. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; name: string; dryRun: boolean }> {
  if (!request.isMultipart()) throw new HttpError(415, '请以 multipart/form-data 上传文件（字段 file）');
  let bytes: Buffer | null = null;
  let name = '';
  let dryRun = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          await part.toBuffer();
          continue;
        }
        name = part.filename;
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'dryRun') {
        dryRun = String(part.value) === 'true';
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `文件过大，不能超过 ${MAX_MB} MB`);
    if ((err as { code?: string }).code?.startsWith('FST_')) throw badRequest('上传内容不完整或格式不正确，请重新上传');
    throw err;
  }
  if (!bytes || bytes.length === 0) throw badRequest('缺少文件参数');
  return { bytes, name, dryRun };
}

/** User import (spec §7 POST /users/import, multipart) and its template. */
export function userImportRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    // Multipart is parsed only in this plugin's scope; limits bound the whole request, not just the file.
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });

    app.get(USER_PATHS.importTemplate, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#import` },
      schema: { querystring: Type.Object({}), response: { 200: Type.Unknown({ description: 'xlsx file' }) } },
    }, async (_request, reply) => {
      const file = await buildTemplate();
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="user-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('人员导入模板.xlsx')}`)
        .header('cache-control', 'no-store')
        .send(file);
    });

    app.post(USER_PATHS.import, {
      config: { access: 'duty', duty: 'sysadmin', button: `${PAGE}#import`, audit: 'user-import' },
      schema: {
        // multipart/form-data: `file` (.xlsx) and `dryRun` ('true' checks without writing); read with request.parts().
        body: Type.Unknown(),
        response: { 200: MgmtEnvelope(ImportResult), 400: MgmtEnvelope(Type.Union([ImportResult, Type.Null()])) },
      },
    }, async (request, reply) => {
      const { bytes, name, dryRun } = await readUpload(request);
      request.auditTarget = name || '导入文件';
      const checked = await checkRows(deps, await readSheet(bytes));
      const report = summarise(checked, dryRun);
      if (report.invalid > 0) {
        request.auditDetail = `${dryRun ? '检查' : '导入'} ${report.total} 行，${report.invalid} 行有问题，未导入`;
        if (dryRun) return ok(report);
        return reply.code(400).send({ code: 400, message: `${report.invalid} 行有问题，未导入任何用户，请修改后重新导入`, results: report });
      }
      if (dryRun) {
        request.auditDetail = `检查 ${report.total} 行，全部可导入`;
        return ok(report);
      }
      const created = await importRows(deps, checked);
      request.auditDetail = `导入 ${created.length} 个用户：${created.slice(0, 20).map((u) => u.username).join('、')}${created.length > 20 ? ' 等' : ''}`;
      return ok(summarise(checked, false, created));
    });
  };
}
