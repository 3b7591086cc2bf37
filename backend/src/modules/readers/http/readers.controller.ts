import { Req } from '@nestjs/common';
import {
  API,
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
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { SendReaderCommand } from '../commands/device-commands.js';
import { AssignReaderUser, readerCredentials, RegisterReader, RotateReaderCredentials, UnassignReaderUser, UpdateReader } from '../commands/reader.commands.js';
import { GetBrokerInfo, GetReader, ListReaders, LookUpReaders } from '../reader-views/readers.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

/** The HTTP port the caller reached, for the broker's WebSocket address. */
const portOf = (req: Request) => req.socket.localPort;

const R = API.readers;

/** The gate configuration: the readers, their credentials, their users, and commands to them (SECURITY_GATE_CONFIGURATION_*). */
@ApiController('readers')
export class ReadersController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: ReaderListQuery) {
    return this.queries.execute(new ListReaders(query));
  }

  /** Declared before `:id`. */
  @Route(R.broker)
  broker(@Req() req: Request) {
    return this.queries.execute(new GetBrokerInfo(portOf(req)));
  }

  /** Declared before `:id`. */
  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: ReaderLookupQuery) {
    return this.queries.execute(new LookUpReaders(query));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateReaderRequest, @Req() req: Request): Promise<ReaderCreated> {
    const { id, password } = await this.commands.execute(new RegisterReader({ request: body }));
    const reader = await this.queries.execute(new GetReader(id));
    return { reader, credentials: readerCredentials(reader, password, await this.queries.execute(new GetBrokerInfo(portOf(req)))) };
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string) {
    return this.queries.execute(new GetReader(id));
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateReaderRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
  ) {
    await this.commands.execute(new UpdateReader({ readerId: id, request: body, expectedVersion }));
    return this.queries.execute(new GetReader(id));
  }

  @Route(R.rotate)
  async rotate(@RouteParam(R.rotate, 'id') id: string, @Req() req: Request): Promise<ReaderCredentials> {
    const password = await this.commands.execute(new RotateReaderCredentials({ readerId: id }));
    const reader = await this.queries.execute(new GetReader(id));
    return readerCredentials(reader, password, await this.queries.execute(new GetBrokerInfo(portOf(req))));
  }

  @Route(R.command)
  command(@RouteParam(R.command, 'id') id: string, @RouteBody(R.command) body: ReaderCommandRequest) {
    return this.commands.execute(new SendReaderCommand({ readerId: id, request: body }));
  }

  @Route(R.users)
  async users(@RouteParam(R.users, 'id') id: string) {
    return (await this.queries.execute(new GetReader(id))).users;
  }

  @Route(R.assign)
  async assign(@RouteParam(R.assign, 'id') id: string, @RouteBody(R.assign) body: AssignReaderUserRequest) {
    await this.commands.execute(new AssignReaderUser({ readerId: id, userId: body.userId }));
    return this.queries.execute(new GetReader(id));
  }

  @Route(R.unassign)
  async unassign(@RouteParam(R.unassign, 'id') id: string, @RouteParam(R.unassign, 'userId') userId: string) {
    await this.commands.execute(new UnassignReaderUser({ readerId: id, userId }));
    return this.queries.execute(new GetReader(id));
  }
}
