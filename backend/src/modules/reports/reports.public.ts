/* What other modules may use of reports: the links and unlinks over time (the dashboard's chart). */
export { linkFlow } from './queries/link-figures.js';
