import fs from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ImportResult, PlatformEnvelope, USER_PATHS } from '../../../contract/api';
import type { Deps } from '../../deps';
import { badRequest, HttpError } from '../../http-error';
import { ok } from '../../http/envelope';
import { buildTemplate, IMPORT_MAX_BYTES, looksLikeXlsx, readSheet } from '../../sys-mgr/users/import-sheet';
import { checkRows, importRows, summarise } from '../../sys-mgr/users/user-import';
import { zipLimitsOf } from '../../uploads/limits';
import { verifyUploadedOffice } from '../../uploads/office-files';
import { withUpload, type ReceivedFile, type ReceiveOptions } from '../../uploads/receive';

const PAGE = '/sysMgr/userMgr';

/** The import form: one `file` (.xlsx, at most 5 MB) and `dryRun`. */
const IMPORT_UPLOAD: ReceiveOptions = {
  fileFields: ['file'], maxFiles: { count: 1, message: '每次只能导入一个文件' }, maxFileBytes: IMPORT_MAX_BYTES, maxRequestBytes: IMPORT_MAX_BYTES,
};

/**
 * The uploaded sheet's rows. The workbook is unpacked here, in the request, so its archive is checked whole first
 * (declared sizes, then every entry inflated with a cap: server/uploads/zip-guard.ts) before exceljs reads it.
 */
async function uploadedRows(deps: Deps, file: ReceivedFile | undefined) {
  if (!file || file.size === 0) throw badRequest('缺少文件参数');
  const bytes = await fs.readFile(file.path);
  if (looksLikeXlsx(bytes)) await verifyUploadedOffice(file.path, file.name, zipLimitsOf(deps.config));
  return readSheet(bytes);
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
        response: { 200: PlatformEnvelope(ImportResult), 400: PlatformEnvelope(Type.Union([ImportResult, Type.Null()])) },
      },
    }, async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, '请以 multipart/form-data 上传文件（字段 file）');
      const { rows, dryRun } = await withUpload(request, deps.config, IMPORT_UPLOAD, async ({ files: [file], fields }) => {
        request.auditTarget = file?.name || '导入文件';
        return { rows: await uploadedRows(deps, file), dryRun: fields.dryRun === 'true' };
      });
      const checked = await checkRows(deps, rows);
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
