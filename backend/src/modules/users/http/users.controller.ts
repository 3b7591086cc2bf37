import { API, type ChangePasswordRequest, type CreateUserRequest, type LookupQuery, type UpdateUserRequest, type UserListQuery } from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { authorityOf } from '../domain/authority.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { ChangeUserPassword, CreateUser, LockUser, UnlockUser, UpdateUser } from '../commands/user.commands.js';
import { GetUser, ListUsers, LookUpUsers } from '../user-views/users.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.users;

@ApiController('users')
export class UsersController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: UserListQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.execute(new ListUsers(query, authorityOf(me)));
  }

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: LookupQuery) {
    return this.queries.execute(new LookUpUsers(query));
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() me: Principal) {
    return this.queries.execute(new GetUser(id, authorityOf(me)));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateUserRequest, @CurrentPrincipal() me: Principal) {
    const { id } = await this.commands.execute(new CreateUser({ request: body, authority: authorityOf(me) }));
    return this.queries.execute(new GetUser(id, authorityOf(me)));
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateUserRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.execute(new UpdateUser({ userId: id, request: body, authority: authorityOf(me), expectedVersion }));
    return this.queries.execute(new GetUser(id, authorityOf(me)));
  }

  @Route(R.lock)
  async lock(@RouteParam(R.lock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.execute(new LockUser({ userId: id, authority: authorityOf(me) }));
    return this.queries.execute(new GetUser(id, authorityOf(me)));
  }

  @Route(R.unlock)
  async unlock(@RouteParam(R.unlock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.execute(new UnlockUser({ userId: id, authority: authorityOf(me) }));
    return this.queries.execute(new GetUser(id, authorityOf(me)));
  }

  @Route(R.changePassword)
  async changePassword(
    @RouteParam(R.changePassword, 'id') id: string,
    @RouteBody(R.changePassword) body: ChangePasswordRequest,
    @CurrentPrincipal() me: Principal,
  ): Promise<void> {
    await this.commands.execute(new ChangeUserPassword({ userId: id, request: body, authority: authorityOf(me) }));
  }
}
