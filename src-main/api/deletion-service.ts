/** The Topic deletion monitor (`DeletionService`). */
import type { DeletionService } from './deletion-contract';
import type { WorkspaceHost } from './workspace-host';

export class DeletionServiceImpl implements DeletionService {
  constructor(private readonly host: WorkspaceHost) {}

  async ping(): Promise<string> {
    return this.host.require().entry.id;
  }
}
