/** `kafka.server.ConfigHandler`. */
export interface ConfigHandler {
  processConfigChanges(entityName: string, config: ReadonlyMap<string, string>): void;
}
