import { z } from 'zod';
import { P } from '../permissions.js';
import { LOOKUP_PERMISSIONS, lookupResponse, readerLookupQuery } from '../lookups.js';
import { listResponse } from '../schemas/common.js';
import { assignReaderUserRequest, brokerAuthenticationRequest, brokerAuthorizationRequest, brokerHookAnswer, brokerInfo, createReaderRequest, readerCommandRequest, readerCommandResult, readerCreated, readerCredentials, readerListQuery, readerUser, readerView, updateReaderRequest } from '../schemas/readers.js';
import { expectedVersionQuery } from '../schemas/users.js';
import { apiRoute as route, routeAccess as access } from './api-route.js';

/** The gate configuration's readers: the registry, their credentials, commands sent to them. */
export const READERS_API = {
  list: route({
    method: 'GET',
    path: '/readers',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_LIST),
    summary: 'List readers (filters kind, zone, connection, q), each with its live state',
    query: readerListQuery,
    response: listResponse(readerView),
  }),
  brokerAuthenticate: route({
    method: 'POST',
    path: '/mqtt/authenticate',
    access: access.public,
    summary: 'An external broker’s HTTP authentication (EMQX): may this reader sign in with this password and client id? Needs the `x-broker-hook-secret` header equal to MQTT_HOOK_SECRET (403 FORBIDDEN otherwise, or when it is unset); throttled as every reader sign-in',
    body: brokerAuthenticationRequest,
    response: brokerHookAnswer,
    status: 200,
  }),
  brokerAuthorize: route({
    method: 'POST',
    path: '/mqtt/authorize',
    access: access.public,
    summary: 'An external broker’s HTTP authorization (EMQX): may this client publish on, or subscribe to, this topic? A reader only its own topics; the back-office’s own client everything. The same header as the authentication',
    body: brokerAuthorizationRequest,
    response: brokerHookAnswer,
    status: 200,
  }),
  broker: route({
    method: 'GET',
    path: '/readers/broker',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_LIST),
    summary: 'Where readers connect: the MQTT broker addresses (TCP, WebSocket) and the payload limit',
    response: brokerInfo,
  }),
  lookup: route({
    method: 'GET',
    path: '/readers/lookup',
    access: access.anyPermission(LOOKUP_PERMISSIONS.readers),
    summary: 'Readers to choose from (filters, a ticket\'s gate, a gate ticket\'s gates): by code or name, or by ids, paged; `active=true`: only those switched on; `kind`: of that kind only',
    query: readerLookupQuery,
    response: lookupResponse,
  }),
  create: route({
    method: 'POST',
    path: '/readers',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_CREATE),
    summary: 'Register a reader; answers it and its MQTT credentials, shown this once',
    body: createReaderRequest,
    response: readerCreated,
  }),
  detail: route({
    method: 'GET',
    path: '/readers/:id',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_DETAIL),
    summary: 'One reader with its live state and users',
    response: readerView,
  }),
  update: route({
    method: 'PUT',
    path: '/readers/:id',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_UPDATE),
    summary: "Change a reader's configuration; `expectedVersion` refuses the change if someone changed it meanwhile",
    query: expectedVersionQuery,
    body: updateReaderRequest,
    response: readerView,
  }),
  rotate: route({
    method: 'POST',
    path: '/readers/:id/credentials',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_UPDATE),
    summary: "Rotate a reader's MQTT password: the new one is answered this once, the old one is refused from now on",
    response: readerCredentials,
    status: 200,
  }),
  command: route({
    method: 'POST',
    path: '/readers/:id/commands',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_UPDATE),
    summary: 'Send a command (start, stop, set_mode, set_power, set_gpo) and wait for the reader to carry it out; no answer in time or a failure: SCANNING_START_FAILED, SCANNING_STOP_FAILED or READER_COMMAND_FAILED; a reader not connected: READER_NOT_CONNECTED',
    body: readerCommandRequest,
    response: readerCommandResult,
    status: 200,
  }),
  users: route({
    method: 'GET',
    path: '/readers/:id/users',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_DETAIL),
    summary: 'The users a reader is assigned to (a handheld belongs to a person)',
    response: z.array(readerUser),
  }),
  assign: route({
    method: 'POST',
    path: '/readers/:id/users',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_UPDATE),
    summary: 'Assign a user to a reader (USER_READER_EXISTS if already)',
    body: assignReaderUserRequest,
    response: readerView,
  }),
  unassign: route({
    method: 'DELETE',
    path: '/readers/:id/users/:userId',
    access: access.permission(P.SECURITY_GATE_CONFIGURATION_UPDATE),
    summary: 'Take a user off a reader',
    response: readerView,
  }),
} as const;
