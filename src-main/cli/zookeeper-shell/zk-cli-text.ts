/** The texts zkCli 3.8 prints: StatPrinter, ZKUtil.getPermString, an Id's jute CSV form, WatchedEvent, CliWrapperException. */
import { javaDateToString } from '../../core/common/java-lang';
import type { Acl, Stat } from '../../core/zookeeper';
import { Code, EventType, KeeperException, KeeperState } from '../../core/zookeeper';
import type { WatchedEventText } from './zk-session';

export function statText(s: Stat): string {
  const hex = (n: number | bigint) => `0x${BigInt.asUintN(64, BigInt(n)).toString(16)}`;
  return (
    `cZxid = ${hex(s.czxid)}\nctime = ${javaDateToString(s.ctime)}\nmZxid = ${hex(s.mzxid)}\nmtime = ${javaDateToString(s.mtime)}\n` +
    `pZxid = ${hex(s.pzxid)}\ncversion = ${s.cversion}\ndataVersion = ${s.version}\naclVersion = ${s.aversion}\n` +
    `ephemeralOwner = ${hex(s.ephemeralOwner)}\ndataLength = ${s.dataLength}\nnumChildren = ${s.numChildren}\n`
  );
}

export function permString(perms: number): string {
  return ['c', 'd', 'r', 'w', 'a'].filter((_, i) => (perms & [4, 8, 1, 2, 16][i]) !== 0).join('');
}

/** Utils.toCSVString, as jute's Record.toString writes a ustring. */
function csv(s: string): string {
  return `'${s.replace(/[%\0\n\r,}]/g, (c) => ({ '%': '%25', '\0': '%00', '\n': '%0A', '\r': '%0D', ',': '%2C', '}': '%7D' })[c] as string)}`;
}

export function aclLine(a: Acl): string {
  return `${csv(a.scheme)},${csv(a.id)}\n: ${permString(a.perms)}\n`;
}

const name = (table: Record<string, number>, value: number) => Object.entries(table).find(([, v]) => v === value)?.[0] ?? String(value);

export function watchedEventText(e: WatchedEventText): string {
  return `\nWATCHER::\n\nWatchedEvent state:${name(KeeperState, e.state)} type:${name(EventType, e.type)} path:${e.path}\n`;
}

/** CliWrapperException.getMessage. */
export function cliErrorText(e: KeeperException): string {
  const messages: Partial<Record<number, string>> = {
    [Code.NONODE]: 'Node does not exist: ',
    [Code.NOCHILDRENFOREPHEMERALS]: 'Ephemerals cannot have children: ',
    [Code.NODEEXISTS]: 'Node already exists: ',
    [Code.NOTEMPTY]: 'Node not empty: ',
    [Code.NOTREADONLY]: 'Not a read-only call: ',
    [Code.INVALIDACL]: 'Acl is not valid : ',
    [Code.NOAUTH]: 'Insufficient permission : ',
    [Code.BADARGUMENTS]: 'Arguments are not valid : ',
    [Code.BADVERSION]: 'version No is not valid : ',
    [Code.QUOTAEXCEEDED]: 'Quota has exceeded : ',
  };
  const prefix = messages[e.code];
  return prefix !== undefined ? `${prefix}${e.path ?? 'null'}` : e.message;
}

/** AclParser.parse: `scheme:id:perms` separated by commas; a malformed entry is reported and skipped. */
export function parseAcl(text: string, err: (line: string) => void): Acl[] {
  const acls: Acl[] = [];
  for (const a of text.split(',')) {
    const first = a.indexOf(':');
    const last = a.lastIndexOf(':');
    if (first === -1 || last === -1 || first === last) {
      err(`${a} does not have the form scheme:id:perm\n`);
      continue;
    }
    let perms = 0;
    for (const c of a.slice(last + 1)) {
      const bit = ({ r: 1, w: 2, c: 4, d: 8, a: 16 } as Record<string, number>)[c];
      if (bit === undefined) err(`Unknown perm type: ${c}\n`);
      else perms |= bit;
    }
    acls.push({ scheme: a.slice(0, first), id: a.slice(first + 1, last), perms });
  }
  return acls;
}
