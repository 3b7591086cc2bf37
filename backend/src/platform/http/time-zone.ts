import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { TIME_ZONE_HEADER } from '@rfid/contracts';
import type { Request } from 'express';
import { timeZoneOf } from '../time-zone.js';

/** A route parameter: the client's time zone (the x-time-zone header, UTC without it), validated. */
export const RequestTimeZone = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const header = ctx.switchToHttp().getRequest<Request>().headers[TIME_ZONE_HEADER];
  return timeZoneOf(Array.isArray(header) ? header[0] : header);
});

/** OpenAPI of the time zone header a route reads. */
export const TimeZoneHeader = () =>
  ApiHeader({
    name: TIME_ZONE_HEADER,
    required: false,
    description: 'The IANA time zone of the client (Asia/Ho_Chi_Minh): dates and times are written in it. UTC when absent; 400 TIME_ZONE_NOT_VALID when it is none.',
  });
