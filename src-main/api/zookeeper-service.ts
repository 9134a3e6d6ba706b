/** The ZooKeeper node editor (`ZooKeeperService`). */
import type { ZooKeeperService } from './zookeeper-contract';
import type { WorkspaceHost } from './workspace-host';

export class ZooKeeperServiceImpl implements ZooKeeperService {
  constructor(private readonly host: WorkspaceHost) {}

  async ping(): Promise<string> {
    return this.host.require().entry.id;
  }
}
