/*
 * What other modules may use of notifications: the type of the events it records on an alert's stream
 * (a log describes them). Its tables are its own. An alert has no name of its own until the module
 * that raises alerts names it.
 */
export type { AlertEvent } from './domain/alert.js';
