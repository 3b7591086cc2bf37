import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { countingDetail, countingListQuery, countingListResponse, P, type CountingDetail, type CountingListQuery, type CountingListResponse } from '@rfid/contracts';
import { RequirePermission } from '../../../platform/auth/access.decorators.js';
import { ApiDoc, uuidParam, ZodParam, ZodQuery } from '../../../platform/http/zod.js';
import { CountingQueries } from './countings.queries.js';

/** `/api/countings`: the quick counts of handhelds in COUNTING mode (STOCKTAKE_COUNTING_LIST). */
@ApiTags('stocktakes')
@ApiBearerAuth()
@Controller('countings')
export class CountingsController {
  constructor(private readonly queries: CountingQueries) {}

  @Get()
  @RequirePermission(P.STOCKTAKE_COUNTING_LIST)
  @ApiDoc({ summary: 'Quick counts, newest first: reader, user, zone, start and stop, distinct tags split into samples, products and unknown', query: countingListQuery, response: countingListResponse })
  list(@ZodQuery(countingListQuery) query: CountingListQuery): Promise<CountingListResponse> {
    return this.queries.list(query);
  }

  @Get(':id')
  @RequirePermission(P.STOCKTAKE_COUNTING_LIST)
  @ApiDoc({ summary: 'One quick count with its tags (each with what it is)', params: ['id'], response: countingDetail })
  detail(@ZodParam('id', uuidParam) id: string): Promise<CountingDetail> {
    return this.queries.detail(id);
  }
}
