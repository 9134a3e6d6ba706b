/** The Log directory browser (`LogDirService`). */
import type { LogDirService } from './log-dir-contract';
import type { WorkspaceHost } from './workspace-host';

export class LogDirServiceImpl implements LogDirService {
  constructor(private readonly host: WorkspaceHost) {}

  async ping(): Promise<string> {
    return this.host.require().entry.id;
  }
}
