// The client core's public surface. Never imports `vscode`.
export * from './base-url';
export * from './client';
export * from './endpoints';
export * from './errors';
export type * from './model';
export * from './request-params';
export * from './timestamp';
export { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, formatMs, parseRetryAfter, type CallOptions, type RequestInfo, type RetryInfo, type RetryPolicy } from './transport';
export { MASK, maskError, secretMasker, type Masker } from './secret-mask';
export { DEFAULT_RESUMES, DEFAULT_RESUME_PAUSE_MS, type ResumeInfo, type ResumeOptions } from './paging';
