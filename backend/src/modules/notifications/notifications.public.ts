/*
 * What other modules may use of notifications: nothing yet. Its tables are its own; it follows the
 * users module's and the alerts module's events.
 */
export {};
