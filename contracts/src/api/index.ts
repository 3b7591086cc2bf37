import { PRODUCTS_API } from './products.api.js';

export * from './api-route.js';

/**
 * The API, each route once (method, path, access, schemas, summary), by area: the server's handlers
 * and the browser's calls both come from it. Areas move onto it one by one; the routes not here yet
 * declare themselves in their controllers.
 */
export const API = {
  products: PRODUCTS_API,
} as const;
