import { Type, type Static } from 'typebox';

export * from './upload-limits';

const Limit = Type.Object({
  maxFileBytes: Type.Integer({ minimum: 1 }),
  maxFiles: Type.Integer({ minimum: 1 }),
  maxRequestBytes: Type.Integer({ minimum: 1 }),
});

/** What one upload may carry, per purpose (issue 27 §5). */
export const UploadLimitsSchema = Type.Object({ knowledge: Limit, chat: Limit, testcase: Limit });
export type UploadLimitsSchema = Static<typeof UploadLimitsSchema>;
