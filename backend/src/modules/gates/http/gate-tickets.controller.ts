import { API, type CreateGateTicketRequest, type GateTicketListQuery, type UpdateGateTicketRequest } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { GateTicketCommands } from '../commands/gate-ticket.commands.js';
import { GateTicketQueries } from '../gate-ticket-views/gate-tickets.queries.js';

const R = API.gateTickets;

/** The security gate tickets (SECURITY_GATE_TICKET_*): permits for listed items to pass listed gates within a time window. */
@ApiController('gate-tickets')
export class GateTicketsController {
  constructor(
    private readonly commands: GateTicketCommands,
    private readonly queries: GateTicketQueries,
  ) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: GateTicketListQuery) {
    return this.queries.list(query);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() by: Principal) {
    return this.queries.detail(id, by);
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    const { id } = await this.commands.create(body, by);
    return this.queries.detail(id, by);
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.update(id, body, body.version);
    return this.queries.detail(id, by);
  }

  @Route(R.remove)
  async remove(@RouteParam(R.remove, 'id') id: string) {
    await this.commands.delete(id);
  }

  @Route(R.approve)
  async approve(@RouteParam(R.approve, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.approve(id, by);
    return this.queries.detail(id, by);
  }

  @Route(R.cancel)
  async cancel(@RouteParam(R.cancel, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.cancel(id, by);
    return this.queries.detail(id, by);
  }
}
