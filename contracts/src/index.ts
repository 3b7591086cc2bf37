export * from './permissions.js';
export * from './errors.js';
export * from './limits.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/users.js';
export * from './schemas/system-log.js';
