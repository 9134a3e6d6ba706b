import type { LogSink } from '../../common/logging';
import { Logger } from '../../common/logging';
import type { ConfigHandler } from './config-handler';

/** Client and user quotas, SCRAM credentials and dynamic broker configs: not emulated, so ignored. */
export class IgnoredConfigHandler implements ConfigHandler {
  private readonly log: Logger;

  constructor(
    private readonly entityType: string,
    private readonly what: string,
    sink: LogSink,
    kafkaClass: string,
  ) {
    this.log = new Logger(sink, `kafka.server.${kafkaClass}`);
  }

  processConfigChanges(entityName: string): void {
    this.log.info(`Kafka Dojo does not emulate ${this.what}: the config change of ${this.entityType}/${entityName} is ignored`);
  }
}
