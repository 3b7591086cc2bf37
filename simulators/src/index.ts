export * from './formats.js';
export * from './simulated-reader.js';
export * from './scenarios.js';
export * from './load.js';
export * from './sgtin.js';
