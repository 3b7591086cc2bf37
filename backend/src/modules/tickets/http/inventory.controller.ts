import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { inventoryQuery, inventoryReportQuery, inventoryReportRow, inventoryRow, listResponse, P, type InventoryQuery, type InventoryReportQuery } from '@rfid/contracts';
import { z } from 'zod';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, ZodQuery } from '../../../platform/http/zod.js';
import { TicketQueries } from '../queries/tickets.queries.js';

/** The stock that closed tickets moved: the inventory now or as of a moment, and the inventory report of a period. */
@ApiTags('inventory')
@ApiBearerAuth()
@Controller()
export class InventoryController {
  constructor(private readonly queries: TicketQueries) {}

  @Get('inventory')
  @RequirePermission(P.SAMPLE_MANAGEMENT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Stock per product and warehouse: on hand (as of `asOf` when given), reserved by approved export tickets, incoming on open import tickets', query: inventoryQuery, response: listResponse(inventoryRow) })
  inventory(@ZodQuery(inventoryQuery) query: InventoryQuery) {
    return this.queries.inventory(query);
  }

  @Get('reports/inventory')
  @RequirePermission(P.REPORT_INVENTORY_LIST)
  @ApiDoc({ summary: 'Per product and warehouse over a period: opening, in, out, closing, with the tickets behind each movement', query: inventoryReportQuery, response: z.array(inventoryReportRow) })
  report(@ZodQuery(inventoryReportQuery) query: InventoryReportQuery) {
    return this.queries.inventoryReport(query);
  }
}
