import { API, type CreateGateTicketRequest, type GateTicketListQuery, type UpdateGateTicketRequest } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { actorOf, CreateGateTicket, DecideGateTicket, UpdateGateTicket } from '../commands/gate-ticket.commands.js';
import { GetGateTicket, ListGateTickets } from '../gate-ticket-views/gate-tickets.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.gateTickets;

/** The security gate tickets (SECURITY_GATE_TICKET_*): permits for listed items to pass listed gates within a time window. */
@ApiController('gate-tickets')
export class GateTicketsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: GateTicketListQuery) {
    return this.queries.execute(new ListGateTickets(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() by: Principal) {
    return this.queries.execute(new GetGateTicket(id, by));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    const { id } = await this.commands.execute(new CreateGateTicket({ request: body, by }));
    return this.queries.execute(new GetGateTicket(id, by));
  }

  @Route(R.update)
  async update(@RouteParam(R.update, 'id') id: string, @RouteBody(R.update) body: UpdateGateTicketRequest, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new UpdateGateTicket({ ticketId: id, request: body, version: body.version }));
    return this.queries.execute(new GetGateTicket(id, by));
  }

  @Route(R.remove)
  async remove(@RouteParam(R.remove, 'id') id: string) {
    await this.commands.execute(new DecideGateTicket({ command: { kind: 'delete', ticketId: id } }));
  }

  @Route(R.approve)
  async approve(@RouteParam(R.approve, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new DecideGateTicket({ command: { kind: 'approve', ticketId: id, by: actorOf(by) } }));
    return this.queries.execute(new GetGateTicket(id, by));
  }

  @Route(R.cancel)
  async cancel(@RouteParam(R.cancel, 'id') id: string, @CurrentPrincipal() by: Principal) {
    await this.commands.execute(new DecideGateTicket({ command: { kind: 'cancel', ticketId: id, by: actorOf(by) } }));
    return this.queries.execute(new GetGateTicket(id, by));
  }
}
