// Everything the renderer needs from contract/api at run time. None of these modules imports TypeBox,
// so the schemas stay out of the web bundle; the renderer imports types from the index with `import type`.
export * from './envelope-family';
export * from './errors';
export * from './identity-ids';
export * from './paths';
export * from './audit-actions';
export * from './sys-mgr/depts-limits';
export * from './sys-mgr/user-rules';
export * from './chat-limits';
export * from './relevance';
export * from './chunk-place';
export * from './sys-mgr/dict-options';
export * from './testcase-limits';
export * from './tools-limits';
export * from './upload-limits';
export * from './login-cipher';
