import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AiEnvelope, UPLOAD_PATHS, UploadLimitsSchema } from '../../contract/api';
import type { Deps } from '../deps';
import { aiOk } from '../http/envelope';
import { uploadLimitsFor } from '../uploads/limits';

/** What one upload may carry, per purpose, for the upload dialogs to name and check at selection (issue 27 §5). */
export function uploadLimitsRoute(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(UPLOAD_PATHS.limits, {
      // The AI family is the business users' (三员 never upload documents or chat files).
      config: { access: 'business' },
      schema: { querystring: Type.Object({}), response: { 200: AiEnvelope(UploadLimitsSchema) } },
    }, async () => aiOk(uploadLimitsFor(deps.config)));
  };
}
