import { Headers } from '@nestjs/common';
import { API, BROKER_HOOK_SECRET_HEADER, type BrokerAuthenticationRequest, type BrokerAuthorizationRequest } from '@rfid/contracts';
import { ApiController, Route, RouteBody } from '../../../platform/http/api-route.js';
import { BusController } from '../../../platform/http/bus-controller.js';
import { AuthenticateBrokerClient, AuthorizeBrokerClient } from '../broker-accounts/broker-hooks.js';

const R = API.readers;

/** An external broker's HTTP hooks (EMQX): who may sign in, and use which topic; answered to the broker alone (its secret). */
@ApiController('readers')
export class BrokerHooksController extends BusController {
  @Route(R.brokerAuthenticate)
  authenticate(@RouteBody(R.brokerAuthenticate) body: BrokerAuthenticationRequest, @Headers(BROKER_HOOK_SECRET_HEADER) secret: string | undefined) {
    return this.commands.execute(new AuthenticateBrokerClient({ secret, request: body }));
  }

  @Route(R.brokerAuthorize)
  authorize(@RouteBody(R.brokerAuthorize) body: BrokerAuthorizationRequest, @Headers(BROKER_HOOK_SECRET_HEADER) secret: string | undefined) {
    return this.queries.execute(new AuthorizeBrokerClient(secret, body));
  }
}
