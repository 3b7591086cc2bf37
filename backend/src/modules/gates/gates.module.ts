import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.public.js';
import { ReadersModule } from '../readers/readers.public.js';
import { SettingsModule } from '../settings/settings.public.js';
import { GatePassesController } from './http/gate-passes.controller.js';
import { GatePassDecisions, RecordGatePassesHandler } from './passes/gate-pass-decisions.js';
import { GATE_PASS_QUERY_HANDLERS, GatePassQueries } from './gate-pass-views/gate-passes.queries.js';
import { GATE_TICKET_COMMAND_HANDLERS } from './commands/gate-ticket.commands.js';
import { GateTicketsController } from './http/gate-tickets.controller.js';
import { GATE_TICKET_QUERY_HANDLERS, GateTicketQueries } from './gate-ticket-views/gate-tickets.queries.js';
import { GatePassPushes } from './gate-pass-views/gate-pass-pushes.js';

/**
 * Security gates: the pass decisions on what gate readers observe (allowed by a ticket, or an alert),
 * the gate history, and the gate tickets that let listed items pass.
 */
@Module({
  imports: [ReadersModule, AlertsModule, SettingsModule],
  controllers: [GatePassesController, GateTicketsController],
  providers: [GatePassDecisions, RecordGatePassesHandler, GatePassQueries, ...GATE_PASS_QUERY_HANDLERS, ...GATE_TICKET_COMMAND_HANDLERS, GateTicketQueries, ...GATE_TICKET_QUERY_HANDLERS, GatePassPushes],
})
export class GatesModule {}
