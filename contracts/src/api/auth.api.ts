import { loginRequest, loginResponse, meResponse } from '../schemas/auth.js';
import { changeOwnPasswordRequest } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** Signing in and out, the session, the signed-in user and their password. */
export const AUTH_API = {
  login: route({
    method: 'POST',
    path: '/auth/login',
    access: access.public,
    summary: 'Sign in; answers a bearer token, the user and the permission codes',
    body: loginRequest,
    response: loginResponse,
    status: 200,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    access: access.signedIn,
    summary: 'Sign out: the token stops working at once',
    status: 204,
  }),
  refresh: route({
    method: 'POST',
    path: '/auth/refresh',
    access: access.signedIn,
    summary: 'Keep the session alive: a new token for the same session, ending a whole token lifetime from now (a wall screen stays signed in)',
    response: loginResponse,
    status: 200,
  }),
  changeOwnPassword: route({
    method: 'PUT',
    path: '/auth/me/password',
    access: access.signedIn,
    summary: 'Change your own password, giving the current one (CURRENT_PASSWORD_WRONG otherwise); your other sessions end, this one stays',
    body: changeOwnPasswordRequest,
    status: 204,
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    access: access.signedIn,
    summary: 'The signed-in user and the permission codes of their group',
    response: meResponse,
  }),
} as const;
