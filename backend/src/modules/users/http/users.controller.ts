import { API, type ChangePasswordRequest, type CreateUserRequest, type LookupQuery, type UpdateUserRequest, type UserListQuery } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { authorityOf } from '../domain/authority.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { UserCommands } from '../commands/user.commands.js';
import { UserQueries } from '../user-views/users.queries.js';

const R = API.users;

@ApiController('users')
export class UsersController {
  constructor(
    private readonly commands: UserCommands,
    private readonly queries: UserQueries,
  ) {}

  @Route(R.list)
  list(@RouteQuery(R.list) query: UserListQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.listUsers(query, authorityOf(me));
  }

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: LookupQuery) {
    return this.queries.lookupUsers(query);
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() me: Principal) {
    return this.queries.getUser(id, authorityOf(me));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateUserRequest, @CurrentPrincipal() me: Principal) {
    const { id } = await this.commands.create(body, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateUserRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.update(id, body, authorityOf(me), expectedVersion);
    return this.queries.getUser(id, authorityOf(me));
  }

  @Route(R.lock)
  async lock(@RouteParam(R.lock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.lock(id, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Route(R.unlock)
  async unlock(@RouteParam(R.unlock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.unlock(id, authorityOf(me));
    return this.queries.getUser(id, authorityOf(me));
  }

  @Route(R.changePassword)
  async changePassword(
    @RouteParam(R.changePassword, 'id') id: string,
    @RouteBody(R.changePassword) body: ChangePasswordRequest,
    @CurrentPrincipal() me: Principal,
  ): Promise<void> {
    await this.commands.changePassword(id, body, authorityOf(me));
  }
}
