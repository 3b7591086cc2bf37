import { Global, Module, type DynamicModule, type Type } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * The socket.io gateway, available to every module that pushes. `authentication` is the module that
 * provides the Authenticator (users): the platform names no module of its own accord.
 *
 * No adapter needs setting on the application: Nest attaches socket.io (IoAdapter) to the API's HTTP
 * server when it finds a gateway.
 */
@Global()
@Module({})
export class RealtimeModule {
  static register(authentication: Type): DynamicModule {
    return { module: RealtimeModule, imports: [authentication], providers: [RealtimeGateway], exports: [RealtimeGateway] };
  }
}
