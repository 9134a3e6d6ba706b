/**
 * ZooKeeper 3.5's `ConnectStringParser` (the client Kafka 2.5.1 ships): `host[:port][,host[:port]]…[/chroot]`,
 * port 2181 when absent, a chroot of `/` the same as none, any other chroot validated as a path.
 */
import { AdminJavaException } from '../../../core/admin/admin-exceptions';
import { pathValidationError } from '../../../core/zookeeper';

export interface ZkServerAddress {
  readonly host: string;
  readonly port: number;
}

export interface ZkConnectString {
  readonly servers: readonly ZkServerAddress[];
  /** Prepended to every path the client sends, taken off every path it gets back; null for none. */
  readonly chroot: string | null;
}

const DEFAULT_PORT = 2181;

/** Java's Integer.parseInt: an optional sign and decimal digits within int range. */
function parseJavaInt(text: string): number {
  const n = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n > 2147483647 || n < -2147483648)
    throw new AdminJavaException('java.lang.NumberFormatException', `For input string: "${text}"`);
  return n;
}

export function parseZkConnectString(connectString: string): ZkConnectString {
  let hosts = connectString;
  let chroot: string | null = null;
  const off = connectString.indexOf('/');
  if (off >= 0) {
    const path = connectString.slice(off);
    if (path.length > 1) {
      const invalid = pathValidationError(path);
      if (invalid !== null) throw AdminJavaException.illegalArgument(invalid);
      chroot = path;
    }
    hosts = connectString.slice(0, off);
  }
  // StringUtils.split: trimmed pieces, empty ones dropped.
  const servers = hosts
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h.length > 0)
    .map((h) => {
      const colon = h.lastIndexOf(':');
      if (colon < 0) return { host: h, port: DEFAULT_PORT };
      const port = colon < h.length - 1 ? parseJavaInt(h.slice(colon + 1)) : DEFAULT_PORT;
      if (port < 0 || port > 65535) throw AdminJavaException.illegalArgument(`port out of range:${port}`);
      return { host: h.slice(0, colon), port };
    });
  // StaticHostProvider: "A HostProvider may not be empty!"
  if (servers.length === 0) throw AdminJavaException.illegalArgument('A HostProvider may not be empty!');
  return { servers, chroot };
}
