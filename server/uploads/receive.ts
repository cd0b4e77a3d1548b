// One way to take files from a multipart request, for every upload route (knowledge, chat, user import, and the
// coming test-case generation): each file part is streamed to a temporary file under FILES_DIR, never held in memory,
// within a per-file and a per-request limit (docs/decisions.md D35).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { badRequest, HttpError } from '../http-error';
import { multipartField } from '../http/harden-schema';
import { sanitizeFileName } from './file-name';
import { removeIncoming, writeIncoming } from './incoming';
import { formatBytes } from './limits';

/** A file of the request, complete and fsynced under a temporary name until the route places it or lets it go. */
export type ReceivedFile = {
  /** The form field that carried it. */
  field: string;
  /** The client's file name, sanitised (server/uploads/file-name.ts). */
  name: string;
  /** The temporary file. */
  path: string;
  size: number;
  sha256: string;
};

export type ReceivedUpload = { files: ReceivedFile[]; fields: Record<string, string> };

export type ReceiveOptions = {
  /** Form fields that carry files; file parts under other names are read past and dropped. */
  fileFields: readonly string[];
  /** Largest file (413 beyond it). */
  maxFileBytes: number;
  /** Largest total of the files (413 beyond it). */
  maxRequestBytes: number;
  /** At most this many files, else 400 with the message. */
  maxFiles?: { count: number; message: string };
};

const NOTHING_KEPT = '未上传任何文件';

/** The limits of the configuration for the routes that take documents. */
export function uploadLimitsOf(config: Pick<Config, 'uploadMaxBytes' | 'uploadMaxRequestBytes'>): Pick<ReceiveOptions, 'maxFileBytes' | 'maxRequestBytes'> {
  return { maxFileBytes: config.uploadMaxBytes, maxRequestBytes: config.uploadMaxRequestBytes };
}

/** @fastify/multipart's refusals in Chinese; anything else from it means a broken or cut-off body. */
function multipartError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('FST_')) return err;
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, `一次上传的文件过多，${NOTHING_KEPT}`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, `上传的表单字段过多，${NOTHING_KEPT}`);
  return badRequest('上传内容不完整或格式不正确，请重新上传');
}

async function receive(request: FastifyRequest, config: Pick<Config, 'filesDir'>, options: ReceiveOptions, files: ReceivedFile[]): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let total = 0;
  try {
    // Busboy stops a file at maxFileBytes (deep-merged over the limits the route registered the plugin with).
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes } })) {
      if (part.type === 'field') {
        // Text fields follow the schema strings' rule (D25): the handler reads them past the schema.
        fields[part.fieldname] = multipartField(part.fieldname, part.value);
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (options.maxFiles && files.length >= options.maxFiles.count) {
        part.file.resume();
        throw badRequest(options.maxFiles.message);
      }
      const name = sanitizeFileName(part.filename || '未命名文件');
      const written = await writeIncoming(config, part.file, (n) => {
        total += n;
        if (total > options.maxRequestBytes) {
          throw new HttpError(413, `本次上传的文件合计超过 ${formatBytes(options.maxRequestBytes)} 的上限，${NOTHING_KEPT}`);
        }
      });
      files.push({ field: part.fieldname, name, ...written });
      // A file stopped at the limit is marked truncated; it is refused whole.
      if (part.file.truncated) throw new HttpError(413, `文件 ${name} 超过 ${formatBytes(options.maxFileBytes)} 的大小上限，${NOTHING_KEPT}`);
    }
  } catch (err) {
    // Stop parsing and let the rest of the body flow past unread: the answer reaches a client that is still sending,
    // and the connection is left usable (a paused body would hold it, and the server's close, forever).
    request.raw.unpipe();
    request.raw.resume();
    throw multipartError(err);
  }
  return { files, fields };
}

/**
 * Receives a multipart upload and hands it to `use`; the temporary files are removed when `use` settles, so `use`
 * keeps a file by moving it to its place (`placeFile`). Nothing is kept when receiving fails: a file over
 * `maxFileBytes`, a request over `maxRequestBytes` (both 413), a broken or cut-off body (400). The route registers
 * @fastify/multipart with its limits on the number of files, fields and parts.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  config: Pick<Config, 'filesDir'>,
  options: ReceiveOptions,
  use: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const files: ReceivedFile[] = [];
  try {
    return await use(await receive(request, config, options, files));
  } finally {
    await removeIncoming(files.map((f) => f.path));
  }
}
