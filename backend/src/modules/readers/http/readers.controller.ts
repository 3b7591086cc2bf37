import { Controller, Delete, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  assignReaderUserRequest,
  brokerInfo,
  createReaderRequest,
  expectedVersionQuery,
  listResponse,
  LOOKUP_PERMISSIONS,
  readerLookupQuery,
  lookupResponse,
  P,
  readerCommandRequest,
  readerCommandResult,
  readerCreated,
  readerCredentials,
  readerListQuery,
  readerUser,
  readerView,
  updateReaderRequest,
  type AssignReaderUserRequest,
  type CreateReaderRequest,
  type ReaderLookupQuery,
  type ReaderCommandRequest,
  type ReaderCreated,
  type ReaderCredentials,
  type ReaderListQuery,
  type UpdateReaderRequest,
} from '@rfid/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { RequireAnyPermission, RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { Platform } from '../../../platform/platform.js';
import { DeviceCommands } from '../commands/device-commands.js';
import { ReaderCommands } from '../commands/reader.commands.js';
import { ReaderQueries } from '../queries/readers.queries.js';

/** The HTTP port the caller reached, for the broker's WebSocket address. */
const portOf = (req: Request) => req.socket.localPort;

/** The gate configuration: the readers, their credentials, their users, and commands to them (SECURITY_GATE_CONFIGURATION_*). */
@ApiTags('readers')
@ApiBearerAuth()
@Controller('readers')
export class ReadersController {
  constructor(
    private readonly commands: ReaderCommands,
    private readonly devices: DeviceCommands,
    private readonly queries: ReaderQueries,
    private readonly platform: Platform,
  ) {}

  @Get()
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_LIST)
  @ApiDoc({ summary: 'List readers (filters kind, zone, connection, q), each with its live state', query: readerListQuery, response: listResponse(readerView) })
  list(@ZodQuery(readerListQuery) query: ReaderListQuery) {
    return this.queries.list(query);
  }

  /** Declared before `:id`. */
  @Get('broker')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_LIST)
  @ApiDoc({ summary: 'Where readers connect: the MQTT broker addresses (TCP, WebSocket) and the payload limit', response: brokerInfo })
  broker(@Req() req: Request) {
    return this.platform.mqtt.info(portOf(req));
  }

  /** Declared before `:id`. */
  @Get('lookup')
  @RequireAnyPermission(LOOKUP_PERMISSIONS.readers)
  @ApiDoc({
    summary: 'Readers to choose from (filters, a ticket\'s gate, a gate ticket\'s gates): by code or name, or by ids, paged; `active=true`: only those switched on; `kind`: of that kind only',
    query: readerLookupQuery,
    response: lookupResponse,
  })
  lookup(@ZodQuery(readerLookupQuery) query: ReaderLookupQuery) {
    return this.queries.lookup(query);
  }

  @Post()
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_CREATE)
  @ApiDoc({ summary: 'Register a reader; answers it and its MQTT credentials, shown this once', body: createReaderRequest, response: readerCreated })
  async create(@ZodBody(createReaderRequest) body: CreateReaderRequest, @Req() req: Request): Promise<ReaderCreated> {
    const { id, password } = await this.commands.register(body);
    const reader = await this.queries.get(id);
    return { reader, credentials: this.commands.credentialsOf(reader.code, password, reader.topics, portOf(req)) };
  }

  @Get(':id')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_DETAIL)
  @ApiDoc({ summary: 'One reader with its live state and users', params: ['id'], response: readerView })
  detail(@ZodParam('id', uuidParam) id: string) {
    return this.queries.get(id);
  }

  @Put(':id')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_UPDATE)
  @ApiDoc({ summary: "Change a reader's configuration; `expectedVersion` refuses the change if someone changed it meanwhile", params: ['id'], body: updateReaderRequest, query: expectedVersionQuery, response: readerView })
  async update(
    @ZodParam('id', uuidParam) id: string,
    @ZodBody(updateReaderRequest) body: UpdateReaderRequest,
    @ZodQuery(expectedVersionQuery) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.update(id, body, expectedVersion);
    return this.queries.get(id);
  }

  @Post(':id/credentials')
  @HttpCode(200)
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_UPDATE)
  @ApiDoc({ summary: "Rotate a reader's MQTT password: the new one is answered this once, the old one is refused from now on", params: ['id'], response: readerCredentials })
  async rotate(@ZodParam('id', uuidParam) id: string, @Req() req: Request): Promise<ReaderCredentials> {
    const password = await this.commands.rotateCredentials(id);
    const reader = await this.queries.get(id);
    return this.commands.credentialsOf(reader.code, password, reader.topics, portOf(req));
  }

  @Post(':id/commands')
  @HttpCode(200)
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_UPDATE)
  @ApiDoc({
    summary:
      'Send a command (start, stop, set_mode, set_power, set_gpo) and wait for the reader to carry it out; no answer in time or a failure: SCANNING_START_FAILED, SCANNING_STOP_FAILED or READER_COMMAND_FAILED; a reader not connected: READER_NOT_CONNECTED',
    params: ['id'],
    body: readerCommandRequest,
    response: readerCommandResult,
  })
  command(@ZodParam('id', uuidParam) id: string, @ZodBody(readerCommandRequest) body: ReaderCommandRequest) {
    return this.devices.send(id, body);
  }

  @Get(':id/users')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_DETAIL)
  @ApiDoc({ summary: 'The users a reader is assigned to (a handheld belongs to a person)', params: ['id'], response: z.array(readerUser) })
  async users(@ZodParam('id', uuidParam) id: string) {
    return (await this.queries.get(id)).users;
  }

  @Post(':id/users')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_UPDATE)
  @ApiDoc({ summary: 'Assign a user to a reader (USER_READER_EXISTS if already)', params: ['id'], body: assignReaderUserRequest, response: readerView })
  async assign(@ZodParam('id', uuidParam) id: string, @ZodBody(assignReaderUserRequest) body: AssignReaderUserRequest) {
    await this.commands.assignUser(id, body.userId);
    return this.queries.get(id);
  }

  @Delete(':id/users/:userId')
  @RequirePermission(P.SECURITY_GATE_CONFIGURATION_UPDATE)
  @ApiDoc({ summary: 'Take a user off a reader', params: ['id', 'userId'], response: readerView })
  async unassign(@ZodParam('id', uuidParam) id: string, @ZodParam('userId', uuidParam) userId: string) {
    await this.commands.unassignUser(id, userId);
    return this.queries.get(id);
  }
}
