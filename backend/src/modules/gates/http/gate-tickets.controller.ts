import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createGateTicketRequest,
  gateTicketDetail,
  gateTicketListQuery,
  gateTicketListResponse,
  P,
  updateGateTicketRequest,
  type CreateGateTicketRequest,
  type GateTicketListQuery,
  type UpdateGateTicketRequest,
} from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiDoc, uuidParam, ZodBody, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { GateTicketCommands } from '../commands/gate-ticket.commands.js';
import { GateTicketQueries } from '../queries/gate-tickets.queries.js';

/** The security gate tickets (SECURITY_GATE_TICKET_*): permits for listed items to pass listed gates within a time window. */
@ApiTags('gate-tickets')
@ApiBearerAuth()
@Controller('gate-tickets')
export class GateTicketsController {
  constructor(
    private readonly commands: GateTicketCommands,
    private readonly queries: GateTicketQueries,
  ) {}

  @Get()
  @RequirePermission(P.SECURITY_GATE_TICKET_LIST)
  @ApiDoc({ summary: 'List gate tickets (filters q over code and reason, state, gate, from/to: tickets whose window overlaps the range)', query: gateTicketListQuery, response: gateTicketListResponse })
  list(@ZodQuery(gateTicketListQuery) query: GateTicketListQuery) {
    return this.queries.list(query);
  }

  @Get(':id')
  @RequirePermission(P.SECURITY_GATE_TICKET_LIST)
  @ApiDoc({ summary: 'One gate ticket: its gates, its items with how many have passed, the actions the caller may take now', params: ['id'], response: gateTicketDetail })
  detail(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    return this.queries.detail(id, by);
  }

  @Post()
  @RequirePermission(P.SECURITY_GATE_TICKET_CREATE)
  @ApiDoc({
    summary: 'Create a gate ticket (CREATED); its code (GT and six digits) is made by the system; a gate that is not a GATE reader: GATE_NOT_FOUND',
    body: createGateTicketRequest,
    response: gateTicketDetail,
  })
  async create(@ZodBody(createGateTicketRequest) body: CreateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    const { id } = await this.commands.create(body, by);
    return this.queries.detail(id, by);
  }

  @Put(':id')
  @RequirePermission(P.SECURITY_GATE_TICKET_UPDATE)
  @ApiDoc({
    summary: 'Replace every field of a CREATED gate ticket (GATE_TICKET_NOT_EDITABLE after); `version` is the one the form was opened on (another: CONCURRENCY_CONFLICT)',
    params: ['id'],
    body: updateGateTicketRequest,
    response: gateTicketDetail,
  })
  async update(@ZodParam('id', uuidParam) id: string, @ZodBody(updateGateTicketRequest) body: UpdateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.update(id, body, body.version);
    return this.queries.detail(id, by);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission(P.SECURITY_GATE_TICKET_DELETE)
  @ApiDoc({ summary: 'Delete a CREATED gate ticket (GATE_TICKET_NOT_EDITABLE after)', params: ['id'] })
  async remove(@ZodParam('id', uuidParam) id: string) {
    await this.commands.delete(id);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @RequirePermission(P.SECURITY_GATE_TICKET_APPROVE)
  @ApiDoc({ summary: 'Approve a CREATED gate ticket: it lets its items pass its gates within its window (never by its creator: APPROVER_IS_CREATOR)', params: ['id'], response: gateTicketDetail })
  async approve(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.approve(id, by);
    return this.queries.detail(id, by);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequirePermission(P.SECURITY_GATE_TICKET_APPROVE)
  @ApiDoc({ summary: 'Cancel a CREATED gate ticket (never by its creator: APPROVER_IS_CREATOR)', params: ['id'], response: gateTicketDetail })
  async cancel(@ZodParam('id', uuidParam) id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.cancel(id, by);
    return this.queries.detail(id, by);
  }
}
