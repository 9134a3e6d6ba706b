/**
 * Kafka 2.5's `kafka.server.DynamicBrokerConfig`: a broker's configuration in three layers —
 * server.properties (static), `/config/brokers/<default>` (the cluster-wide dynamic default) and
 * `/config/brokers/<id>` (this broker's dynamic config), the later winning — and the
 * `BrokerReconfigurable`s of the running broker told when the keys they take change.
 *
 * As in 2.5, what ZooKeeper holds is filtered first (`fromPersistentProps`: non-dynamic keys and
 * security keys without a listener prefix dropped with an error line; per-broker-only keys dropped
 * from the default), then the new config is built and every affected reconfigurable validates it;
 * any failure leaves the current config in place and is logged ("… could not be applied").
 */

import { scalaImmutableMapOrder, DEFAULT_KAFKA_BUILD, type KafkaBuild } from '../common/jvm-hash-order';
import type { LogSink } from '../common/logging';
import { Logger } from '../common/logging';
import { errorMessage } from '../common/throwable';
import { BrokerConfig } from '../config/kafka-config';
import { isNonDynamicBrokerConfig, isPerBrokerConfig, isSecurityConfigWithoutListenerPrefix } from '../admin/dynamic-broker-config';
import type { BrokerReconfigurable } from './broker-reconfigurable';

/** `ConfigEntityName.Default`: the entity name of the cluster-wide default. */
export const DEFAULT_BROKER_ENTITY = '<default>';

/** What `initialize` reads: `/config/brokers/<name>`. */
export interface BrokerConfigZkReader {
  getEntityConfigs(rootEntityType: string, sanitizedEntityName: string): Promise<Map<string, string>>;
}

export class DynamicBrokerConfig {
  private dynamicBroker = new Map<string, string>();
  private dynamicDefault = new Map<string, string>();
  private current: BrokerConfig;
  private readonly reconfigurables: BrokerReconfigurable[] = [];
  private readonly log: Logger;

  constructor(
    readonly staticConfig: BrokerConfig,
    sink: LogSink,
    private readonly build: KafkaBuild = DEFAULT_KAFKA_BUILD,
  ) {
    this.current = staticConfig;
    this.log = new Logger(sink, 'kafka.server.DynamicBrokerConfig');
  }

  /** The configuration the broker runs with: static, then the dynamic default, then its own. */
  get currentConfig(): BrokerConfig {
    return this.current;
  }

  /** `currentDynamicBrokerConfigs`. */
  get dynamicBrokerConfigs(): ReadonlyMap<string, string> {
    return this.dynamicBroker;
  }

  /** `currentDynamicDefaultConfigs`. */
  get dynamicDefaultConfigs(): ReadonlyMap<string, string> {
    return this.dynamicDefault;
  }

  /**
   * `initialize(zkClient)`: at broker startup, before the LogManager is created, the two dynamic
   * layers are read from ZooKeeper (the default first). Reconfigurables of an earlier run are dropped.
   */
  async initialize(zk: BrokerConfigZkReader): Promise<void> {
    this.reconfigurables.length = 0;
    this.dynamicBroker = new Map();
    this.dynamicDefault = new Map();
    this.current = this.staticConfig;
    this.updateDefaultConfig(await zk.getEntityConfigs('brokers', DEFAULT_BROKER_ENTITY));
    this.updateBrokerConfig(this.staticConfig.brokerId, await zk.getEntityConfigs('brokers', String(this.staticConfig.brokerId)));
  }

  /** `addBrokerReconfigurable`: validate with the current config, then keep it for the next changes. */
  addReconfigurable(reconfigurable: BrokerReconfigurable): void {
    reconfigurable.validateReconfiguration(this.current);
    this.reconfigurables.push(reconfigurable);
  }

  /** `updateBrokerConfig(brokerId, persistentProps)`: `/config/brokers/<id>` changed. */
  updateBrokerConfig(brokerId: number, persistentProps: ReadonlyMap<string, string>): void {
    try {
      const props = this.fromPersistentProps(persistentProps, true);
      const previous = this.dynamicBroker;
      this.dynamicBroker = props;
      if (!this.updateCurrentConfig()) this.dynamicBroker = previous;
    } catch (e) {
      this.log.error(`Per-broker configs of ${brokerId} could not be applied: ${propertiesString(persistentProps)}`, e);
    }
  }

  /** `updateDefaultConfig(persistentProps)`: `/config/brokers/<default>` changed. */
  updateDefaultConfig(persistentProps: ReadonlyMap<string, string>): void {
    try {
      const props = this.fromPersistentProps(persistentProps, false);
      const previous = this.dynamicDefault;
      this.dynamicDefault = props;
      if (!this.updateCurrentConfig()) this.dynamicDefault = previous;
    } catch (e) {
      this.log.error(`Cluster default configs could not be applied: ${propertiesString(persistentProps)}`, e);
    }
  }

  /**
   * `fromPersistentProps`: what ZooKeeper holds minus what cannot be applied, each group named in
   * an error line (also how IncrementalAlterConfigs reads a broker's overrides before changing them).
   */
  fromPersistentProps(persistentProps: ReadonlyMap<string, string>, perBrokerConfig: boolean): Map<string, string> {
    const props = new Map(persistentProps);
    const removeInvalidProps = (invalid: string[], message: string) => {
      if (invalid.length === 0) return;
      for (const name of invalid) props.delete(name);
      this.log.error(`${message}: Set(${scalaImmutableMapOrder(invalid, this.build).join(', ')})`);
    };
    removeInvalidProps(
      [...props.keys()].filter((n) => isNonDynamicBrokerConfig(n)),
      'Non-dynamic configs configured in ZooKeeper will be ignored',
    );
    removeInvalidProps(
      [...props.keys()].filter((n) => isSecurityConfigWithoutListenerPrefix(n)),
      'Security configs can be dynamically updated only using listener prefix, base configs will be ignored',
    );
    if (!perBrokerConfig)
      removeInvalidProps(
        [...props.keys()].filter((n) => isPerBrokerConfig(n)),
        'Per-broker configs defined at default cluster level will be ignored',
      );
    return props;
  }

  /** The static config with the dynamic layers over it, as `updateCurrentConfig` builds it. */
  private layeredProps(): Record<string, string> {
    return { ...this.staticConfig.originals, ...Object.fromEntries(this.dynamicDefault), ...Object.fromEntries(this.dynamicBroker) };
  }

  /**
   * `updateCurrentConfig` / `processReconfiguration(validateOnly = false)`: the new config is
   * built, the reconfigurables whose keys changed validate it, then it becomes current and they
   * are reconfigured. False (and logged) when it is refused.
   */
  private updateCurrentConfig(): boolean {
    const oldConfig = this.current;
    const newProps = this.layeredProps();
    let newConfig: BrokerConfig;
    let toUpdate: BrokerReconfigurable[];
    try {
      newConfig = new BrokerConfig(newProps);
      const changed = new Set<string>();
      for (const k of new Set([...Object.keys(newProps), ...Object.keys(oldConfig.originals)]))
        if (newProps[k] !== oldConfig.originals[k]) changed.add(k);
      if (changed.size === 0) return true;
      toUpdate = this.reconfigurables.filter((r) => [...r.reconfigurableConfigs].some((k) => changed.has(k)));
      for (const r of toUpdate) r.validateReconfiguration(newConfig);
    } catch (e) {
      this.log.error(`Failed to update broker configuration with configs : ${propertiesString(new Map(Object.entries(newProps)))}`, e);
      this.log.error(`Invalid dynamic configuration: ${errorMessage(e)}`);
      return false;
    }
    this.current = newConfig;
    for (const r of toUpdate) r.reconfigure(oldConfig, newConfig);
    return true;
  }
}

/** `Properties.toString`: `{k=v, …}`. */
function propertiesString(props: ReadonlyMap<string, string>): string {
  return `{${[...props].map(([k, v]) => `${k}=${v}`).join(', ')}}`;
}
