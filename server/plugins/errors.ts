import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { errorBody } from '../http/envelope';
import { validationMessage } from '../http/validation-message';

// Chinese messages for framework errors a client can cause.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求内容类型',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求内容长度不正确',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
};

function sendError(request: FastifyRequest, reply: FastifyReply, status: number, opts: Parameters<typeof errorBody>[2]) {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(request.url, status, opts));
}

/** One error handler and one not-found handler, both answering in the family's envelope (D2). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return sendError(request, reply, error.statusCode, { businessCode: error.businessCode, message: error.message });
    }
    if (error.validation) {
      return sendError(request, reply, 400, { message: validationMessage(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Syntax errors in JSON bodies carry the parser's message; never echo it (it can quote the input).
      const message = FRAMEWORK_MESSAGES[error.code] ?? (error instanceof SyntaxError ? '请求体不是有效的 JSON' : undefined);
      request.log.info({ code: error.code, status }, 'request refused');
      return sendError(request, reply, status, { message });
    }
    // Unexpected: log the error (never the request's values: the `err` serializer redacts them) with the request
    // id the client is shown, and answer a generic body (no stack, no SQL).
    request.log.error({ err: error, route: request.routeOptions.url, requestId: request.id }, 'request failed');
    return sendError(request, reply, status >= 500 && status <= 599 ? status : 500, { requestId: String(request.id) });
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, {}));
}
