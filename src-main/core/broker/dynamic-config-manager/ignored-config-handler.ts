import type { LogSink } from '../log-line';
import type { Logger } from './config-change-logging';
import { logger } from './config-change-logging';
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
    this.log = logger(sink, `kafka.server.${kafkaClass}`);
  }

  processConfigChanges(entityName: string): void {
    this.log.info(`Kafka Dojo does not emulate ${this.what}: the config change of ${this.entityType}/${entityName} is ignored`);
  }
}
