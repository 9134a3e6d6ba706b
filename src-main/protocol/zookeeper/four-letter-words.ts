/**
 * ZooKeeper's four-letter words (`FourLetterCommands`), read as the first 4 bytes of a connection
 * instead of a frame length, answered in ZooKeeper 3.8's text and the connection closed. Only the
 * words in `4lw.commands.whitelist` run (`*` = all; `srvr` always, as zkServer.sh needs it); any
 * other known word answers "<cmd> is not executed because it is not in the whitelist.".
 */
import { statSync } from 'node:fs';
import { hostname, release, userInfo } from 'node:os';
import { join } from 'node:path';
import { javaDateToString, javaHashIterationOrder, javaLongHashCode, javaStringHashCode } from '../../core/common/java-lang';
import type { ZooKeeperServer } from '../../core/zookeeper';
import { average, monitor } from './monitor';
import type { ConnectionInfo, ServerStatsView } from './server-stats-view';

/** Debian's ZooKeeper 3.8.0 build (the peer installed beside the tests), as `Version.getFullVersion()`. */
export const ZOOKEEPER_VERSION = '3.8.0-${mvngit.commit.id}, built on 2024-12-29 17:54 UTC';

export const FOUR_LETTER_WORDS = [
  'conf',
  'cons',
  'crst',
  'dirs',
  'dump',
  'envi',
  'gtmk',
  'ruok',
  'stmk',
  'srst',
  'srvr',
  'stat',
  'wchc',
  'wchp',
  'wchs',
  'mntr',
  'isro',
  'hash',
] as const;

/** ZooKeeper 3.5+'s default `4lw.commands.whitelist`. */
export const DEFAULT_4LW_WHITELIST = 'srvr';

const BY_INT = new Map<number, string>(FOUR_LETTER_WORDS.map((w) => [Buffer.from(w, 'latin1').readInt32BE(0), w]));

/** The word a connection's first 4 bytes spell, when they spell a known one. */
export function fourLetterWordOf(firstInt: number): string | null {
  return BY_INT.get(firstInt) ?? null;
}

/** FourLetterCommands.isEnabled over a whitelist as `4lw.commands.whitelist` writes it. */
export function isWhitelisted(word: string, whitelist: string): boolean {
  const entries = whitelist
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  return word === 'srvr' || entries.includes('*') || entries.includes(word);
}

const hex = (n: number | bigint) => n.toString(16);

function connectionLine(c: ConnectionInfo, brief: boolean): string {
  let s = ` ${c.remoteSocketAddress}[${c.interestOps === 0 ? '0' : hex(c.interestOps)}](queued=${c.outstanding},recved=${c.packetsReceived},sent=${c.packetsSent}`;
  if (!brief && c.sessionId !== 0n) {
    const min = c.minLatencyMs === Number.MAX_SAFE_INTEGER ? 0 : c.minLatencyMs;
    s += `,sid=0x${hex(BigInt.asUintN(64, c.sessionId))},lop=${c.lastOp},est=${c.establishedAtMs},to=${c.sessionTimeoutMs}`;
    if (c.lastCxid >= 0) s += `,lcxid=0x${hex(c.lastCxid)}`;
    s += `,lzxid=0x${hex(c.lastZxid < 0 ? BigInt.asUintN(64, BigInt(c.lastZxid)) : c.lastZxid)},lresp=${c.lastResponseTimeMs},llat=${c.lastLatencyMs},minlat=${min},avglat=${Math.round(c.avgLatencyMs)},maxlat=${c.maxLatencyMs}`;
  }
  return `${s})`;
}

function serverStats(v: ServerStatsView): string {
  const outstanding = v.connections().reduce((n, c) => n + c.outstanding, 0);
  return (
    `Latency min/avg/max: ${v.minLatencyMs}/${average(v.avgLatencyMs)}/${v.maxLatencyMs}\n` +
    `Received: ${v.packetsReceived}\nSent: ${v.packetsSent}\nConnections: ${v.connections().length}\n` +
    `Outstanding: ${outstanding}\nZxid: 0x${hex(v.server.lastZxid)}\nMode: standalone\nNode count: ${v.server.nodeCount}\n`
  );
}

/** The data-table watches (one-shot data and exists watches, persistent ones), which wchs/wchc/wchp list. */
function dataWatchesBySession(server: ZooKeeperServer): Map<bigint, string[]> {
  const out = new Map<bigint, string[]>();
  for (const sid of server.sessionIds()) {
    const w = server.watchesOf(sid);
    const paths = [...new Set([...w.data, ...w.persistent, ...w.recursive])];
    if (paths.length > 0) out.set(sid, paths);
  }
  return out;
}

/** DataTree.dumpEphemerals: sessions and their ephemeral paths, in the order of 3.8's HashMap and HashSets. */
function ephemeralsDump(server: ZooKeeperServer): string {
  const owners = javaHashIterationOrder([...server.ephemerals()], ([sid]) => javaLongHashCode(sid));
  let s = `ephemeral nodes dump:\nSessions with Ephemerals (${owners.length}):\n`;
  for (const [sid, paths] of owners) {
    s += `0x${hex(BigInt.asUintN(64, sid))}:\n`;
    for (const p of javaHashIterationOrder([...paths], javaStringHashCode)) s += `\t${p}\n`;
  }
  return s;
}

function dump(v: ServerStatsView): string {
  const server = v.server;
  const byExpiry = new Map<number, bigint[]>();
  for (const sid of server.sessionIds()) {
    const at = server.sessionExpiresAtMs(sid) ?? 0;
    byExpiry.set(at, [...(byExpiry.get(at) ?? []), sid]);
  }
  let s = `SessionTracker dump:\nSession Sets (${byExpiry.size})/(${server.sessionIds().length}):\n`;
  for (const [at, sids] of [...byExpiry].sort((a, b) => a[0] - b[0])) {
    s += `${sids.length} expire at ${javaDateToString(at)}:\n`;
    for (const sid of sids) s += `\t0x${hex(BigInt.asUintN(64, sid))}\n`;
  }
  s += ephemeralsDump(server);
  const conns = v.connections();
  s += `Connections dump:\nConnections Sets (1)/(${conns.length}):\n${conns.length} expire at ${javaDateToString(Date.now())}:\n`;
  for (const c of conns) s += `\tip: ${c.remoteSocketAddress} sessionId: 0x${hex(BigInt.asUintN(64, c.sessionId))}\n`;
  return s;
}

/** The bytes of the store (`metadata.db` and its WAL), which stands for ZooKeeper's snapshots and logs. */
function dataDirSize(dataDir: string): number {
  if (dataDir === '') return 0;
  let total = 0;
  for (const f of ['metadata.db', 'metadata.db-wal']) {
    try {
      total += statSync(join(dataDir, f)).size;
    } catch {
      // not there (yet): counts as nothing
    }
  }
  return total;
}

function environment(): string {
  const mem = process.memoryUsage();
  const mb = (b: number) => `${Math.round(b / (1024 * 1024))}MB`;
  const lines = [
    `zookeeper.version=${ZOOKEEPER_VERSION}`,
    `host.name=${hostname()}`,
    `java.version=${process.version}`,
    'java.vendor=Kafka Dojo (Node.js)',
    `os.name=${process.platform === 'linux' ? 'Linux' : process.platform}`,
    `os.arch=${process.arch === 'x64' ? 'amd64' : process.arch}`,
    `os.version=${release()}`,
    `user.name=${userInfo().username}`,
    `user.home=${userInfo().homedir}`,
    `user.dir=${process.cwd()}`,
    `os.memory.free=${mb(mem.heapTotal - mem.heapUsed)}`,
    `os.memory.max=${mb(mem.rss)}`,
    `os.memory.total=${mb(mem.heapTotal)}`,
  ];
  return `Environment:\n${lines.join('\n')}\n`;
}

/** The text a whitelisted word answers. */
export function runFourLetterWord(word: string, v: ServerStatsView): string {
  const server = v.server;
  switch (word) {
    case 'ruok':
      return 'imok';
    case 'isro':
      return 'rw';
    case 'srvr':
      return `Zookeeper version: ${ZOOKEEPER_VERSION}\n${serverStats(v)}`;
    case 'stat':
      return `Zookeeper version: ${ZOOKEEPER_VERSION}\nClients:\n${v
        .connections()
        .map((c) => `${connectionLine(c, true)}\n`)
        .join('')}\n${serverStats(v)}`;
    case 'cons':
      return `${v
        .connections()
        .map((c) => `${connectionLine(c, false)}\n`)
        .join('')}\n`;
    case 'crst':
      for (const c of v.connections()) c.resetStats();
      return 'Connection stats reset.\n';
    case 'srst':
      v.resetStats();
      return 'Server stats reset.\n';
    case 'mntr':
      return monitor(v, ZOOKEEPER_VERSION);
    case 'envi':
      return environment();
    case 'conf': {
      const c = server.config;
      return (
        `clientPort=${v.clientPort}\nsecureClientPort=-1\ndataDir=${v.dataDir}\ndataDirSize=${dataDirSize(v.dataDir)}\n` +
        `dataLogDir=${v.dataDir}\ndataLogSize=${dataDirSize(v.dataDir)}\n` +
        `tickTime=${c.tickTimeMs}\nmaxClientCnxns=60\nminSessionTimeout=${c.minSessionTimeoutMs}\nmaxSessionTimeout=${c.maxSessionTimeoutMs}\n` +
        `clientPortListenBacklog=-1\nserverId=${c.serverId}\n`
      );
    }
    case 'wchs': {
      const bySession = dataWatchesBySession(server);
      const paths = new Set([...bySession.values()].flat());
      const total = [...bySession.values()].reduce((n, p) => n + p.length, 0);
      return `${bySession.size} connections watching ${paths.size} paths\nTotal watches:${total}\n`;
    }
    case 'wchc': {
      let s = '';
      for (const [sid, paths] of dataWatchesBySession(server))
        s += `0x${hex(BigInt.asUintN(64, sid))}\n${paths.map((p) => `\t${p}\n`).join('')}`;
      return `${s}\n`;
    }
    case 'wchp': {
      const byPath = new Map<string, bigint[]>();
      for (const [sid, paths] of dataWatchesBySession(server)) for (const p of paths) byPath.set(p, [...(byPath.get(p) ?? []), sid]);
      let s = '';
      for (const [p, sids] of [...byPath].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
        s += `${p}\n${sids.map((sid) => `\t0x${hex(BigInt.asUintN(64, sid))}\n`).join('')}`;
      return `${s}\n`;
    }
    case 'dump':
      return dump(v);
    case 'dirs':
      return `datadir_size: ${dataDirSize(v.dataDir)}\nlogdir_size: ${dataDirSize(v.dataDir)}\n`;
    case 'gtmk':
      return '306';
    default:
      // stmk and hash need state a standalone emulation does not keep.
      return `${word} is not executed because it is not in the whitelist.\n`;
  }
}

/** The answer to a known word: its output, or the refusal when it is not whitelisted. */
export function answerFourLetterWord(word: string, whitelist: string, v: ServerStatsView): string {
  if (!isWhitelisted(word, whitelist)) return `${word} is not executed because it is not in the whitelist.\n`;
  return runFourLetterWord(word, v);
}
