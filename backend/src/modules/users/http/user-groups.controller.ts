import {
  API,
  PERMISSION_AREAS,
  type AssignPermissionsRequest,
  type CreateGroupRequest,
  type GroupListQuery,
  type LookupQuery,
  type UpdateGroupRequest,
} from '@rfid/contracts';
import { CurrentPrincipal, type Principal } from '../../../platform/auth/principal.js';
import { authorityOf } from '../domain/authority.js';
import { ApiController, Route, RouteBody, RouteParam, RouteQuery } from '../../../platform/http/api-route.js';
import { AssignGroupPermissions, CreateGroup, LockGroup, UnlockGroup, UpdateGroup } from '../commands/group.commands.js';
import { GetGroup, ListGroups, LookUpGroups } from '../user-views/users.queries.js';
import { BusController } from '../../../platform/http/bus-controller.js';

const R = API.userGroups;

@ApiController('user-groups')
export class UserGroupsController extends BusController {
  @Route(R.list)
  list(@RouteQuery(R.list) query: GroupListQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.execute(new ListGroups(query, authorityOf(me)));
  }

  /** Declared before `:id`, as every literal path, so that it wins. */
  @Route(R.lookup)
  lookup(@RouteQuery(R.lookup) query: LookupQuery, @CurrentPrincipal() me: Principal) {
    return this.queries.execute(new LookUpGroups(query, authorityOf(me)));
  }

  @Route(R.catalogue)
  catalogue() {
    return PERMISSION_AREAS;
  }

  @Route(R.detail)
  detail(@RouteParam(R.detail, 'id') id: string, @CurrentPrincipal() me: Principal) {
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }

  @Route(R.create)
  async create(@RouteBody(R.create) body: CreateGroupRequest, @CurrentPrincipal() me: Principal) {
    const { id } = await this.commands.execute(new CreateGroup({ request: body, authority: authorityOf(me) }));
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }

  @Route(R.update)
  async update(
    @RouteParam(R.update, 'id') id: string,
    @RouteBody(R.update) body: UpdateGroupRequest,
    @RouteQuery(R.update) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.execute(new UpdateGroup({ groupId: id, request: body, authority: authorityOf(me), expectedVersion }));
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }

  @Route(R.assign)
  async assign(
    @RouteParam(R.assign, 'id') id: string,
    @RouteBody(R.assign) body: AssignPermissionsRequest,
    @RouteQuery(R.assign) { expectedVersion }: { expectedVersion?: number },
    @CurrentPrincipal() me: Principal,
  ) {
    await this.commands.execute(new AssignGroupPermissions({ groupId: id, request: body, authority: authorityOf(me), expectedVersion }));
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }

  // The permission catalogue has no lock action for groups: locking a group is an update of it.
  @Route(R.lock)
  async lock(@RouteParam(R.lock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.execute(new LockGroup({ groupId: id, authority: authorityOf(me) }));
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }

  @Route(R.unlock)
  async unlock(@RouteParam(R.unlock, 'id') id: string, @CurrentPrincipal() me: Principal) {
    await this.commands.execute(new UnlockGroup({ groupId: id, authority: authorityOf(me) }));
    return this.queries.execute(new GetGroup(id, authorityOf(me)));
  }
}
