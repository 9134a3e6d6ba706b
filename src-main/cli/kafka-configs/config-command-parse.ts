import type { Properties } from '../../core/admin/admin-zk-client';
import { IllegalArgumentException } from '../../core/common/java-lang';
import type { ConfigCommandOptions } from './config-command-options';

/** A comma outside square brackets (ConfigCommand's `(?=[^\]]*(?:\[|$))`). */
const OUTSIDE_BRACKETS = '(?=[^\\]]*(?:\\[|$))';

/** `parseConfigsToBeAdded`. */
export function parseConfigsToBeAdded(opts: ConfigCommandOptions, println: (l: string) => void): Properties {
  const props: Properties = new Map();
  const raw = opts.options.valueOf('add-config');
  if (raw === undefined) return props;
  const entries = raw.split(new RegExp(`,${OUTSIDE_BRACKETS}`));
  while (entries.length > 1 && entries[entries.length - 1] === '') entries.pop();
  const pairs = entries.map((e) => e.split(new RegExp(`\\s*=\\s*${OUTSIDE_BRACKETS}`)));
  if (!pairs.every((p) => p.length === 2))
    throw IllegalArgumentException.requirementFailed('Invalid entity config: all configs to be added must be in the format "key=val".');
  for (const [k, v] of pairs) props.set(k.trim(), v.replace(/\[?\]?/g, '').trim());
  const format = props.get('message.format.version');
  if (format !== undefined) {
    println(
      `WARNING: The configuration message.format.version=${format} is specified. This configuration will be ignored if the version is newer than the inter.broker.protocol.version specified in the broker.`,
    );
  }
  return props;
}
