/**
 * zkCli 3.8's commands (`org.apache.zookeeper.cli.*Command`), with their options, usage strings and
 * output texts: ls [-s] [-w] [-R], get [-s] [-w], stat [-w], create [-s] [-e] [-c] [-t ttl],
 * set [-s] [-v], delete [-v], deleteall [-b], getAcl [-s], setAcl [-s] [-v] [-R], addauth, sync,
 * config, whoami.
 */
import type { Acl } from '../../core/zookeeper';
import { Code, CreateMode, KeeperException, OPEN_ACL_UNSAFE } from '../../core/zookeeper';
import { aclLine, parseAcl, statText } from './zk-cli-text';
import { errorMessage } from '../../core/common/throwable';
import type { ZkSession } from './zk-session';

export interface ShellOut {
  out(text: string): void;
  err(text: string): void;
}

/** A command's failure: its message goes to stderr and sets the exit code (CliException). */
export class CliException extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

interface Spec {
  usage: string;
  flags: string;
  valued: string;
  minArgs: number;
  run(zk: ZkSession, args: string[], opts: Map<string, string | true>, io: ShellOut): Promise<void>;
}

/** ZooKeeper.validateACL: the Java client refuses an empty ACL before sending anything. */
function validAcl(acl: readonly Acl[]): readonly Acl[] {
  if (acl.length === 0) throw new KeeperException(Code.INVALIDACL);
  return acl;
}

const version = (opts: Map<string, string | true>) => (opts.has('v') ? Number.parseInt(opts.get('v') as string, 10) : -1);

/** ZKUtil.listSubTreeBFS: the node, then every descendant level by level. */
async function subTree(zk: ZkSession, root: string): Promise<string[]> {
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    const node = tree[i];
    for (const child of await zk.childNames(node)) tree.push(node === '/' ? `/${child}` : `${node}/${child}`);
  }
  return tree;
}

export const COMMANDS: Record<string, Spec> = {
  ls: {
    usage: 'ls [-s] [-w] [-R] path',
    flags: 'swR',
    valued: '',
    minArgs: 2,
    async run(zk, [, path], opts, io) {
      if (opts.has('R')) {
        for (const p of await subTree(zk, path)) io.out(`${p}\n`);
        return;
      }
      const { children, stat } = await zk.getChildren(path, opts.has('w'));
      io.out(`[${[...children].sort().join(', ')}]\n`);
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  get: {
    usage: 'get [-s] [-w] path',
    flags: 'sw',
    valued: '',
    minArgs: 2,
    async run(zk, [, path], opts, io) {
      const { data, stat } = await zk.getData(path, opts.has('w'));
      io.out(`${data === null ? 'null' : data.toString('utf8')}\n`);
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  stat: {
    usage: 'stat [-w] path',
    flags: 'w',
    valued: '',
    minArgs: 2,
    async run(zk, [, path], opts, io) {
      const stat = await zk.exists(path, opts.has('w'));
      if (stat === null) throw new KeeperException(-101, path);
      io.out(statText(stat));
    },
  },
  create: {
    usage: 'create [-s] [-e] [-c] [-t ttl] path [data] [acl]',
    flags: 'sec',
    valued: 't',
    minArgs: 2,
    async run(zk, [, path, data, acl], opts, io) {
      const e = opts.has('e');
      const s = opts.has('s');
      if (opts.has('c') && (e || s))
        throw new CliException('-c cannot be combined with -s or -e. Containers cannot be ephemeral or sequential.');
      if (opts.has('t')) throw new CliException('TTL nodes are not enabled on this server (zookeeper.extendedTypesEnabled is false)');
      const flags =
        e && s
          ? CreateMode.EPHEMERAL_SEQUENTIAL
          : e
            ? CreateMode.EPHEMERAL
            : s
              ? CreateMode.PERSISTENT_SEQUENTIAL
              : opts.has('c')
                ? CreateMode.CONTAINER
                : CreateMode.PERSISTENT;
      const acls = acl === undefined ? OPEN_ACL_UNSAFE : parseAcl(acl, io.err);
      try {
        const created = await zk.create(path, data === undefined ? null : Buffer.from(data, 'utf8'), validAcl(acls), flags);
        io.err(`Created ${created}\n`);
      } catch (e) {
        // CreateCommand prints an InvalidACL twice: its own message, then CliWrapperException's.
        if (e instanceof KeeperException && e.code === Code.INVALIDACL) io.err(`${e.message}\n`);
        throw e;
      }
    },
  },
  set: {
    usage: 'set [-s] [-v version] path data',
    flags: 's',
    valued: 'v',
    minArgs: 3,
    async run(zk, [, path, data], opts, io) {
      const stat = await zk.setData(path, Buffer.from(data, 'utf8'), version(opts));
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  delete: {
    usage: 'delete [-v version] path',
    flags: '',
    valued: 'v',
    minArgs: 2,
    async run(zk, [, path], opts) {
      await zk.delete(path, version(opts));
    },
  },
  deleteall: {
    usage: 'deleteall path [-b batch size]',
    flags: '',
    valued: 'b',
    minArgs: 2,
    async run(zk, [, path], opts, io) {
      const batch = opts.has('b') ? Number.parseInt(opts.get('b') as string, 10) : 1000;
      if (!Number.isInteger(batch) || batch <= 0) throw new CliException('-b argument must be an int value');
      // ZKUtil.deleteRecursive: the subtree breadth first, deleted deepest first in multis of `batch`.
      const tree = (await subTree(zk, path)).reverse();
      let ok = true;
      for (let i = 0; i < tree.length; i += batch) ok = (await zk.deleteMulti(tree.slice(i, i + batch))) && ok;
      if (!ok) io.err('Failed to delete some node(s) in the subtree!\n');
    },
  },
  getAcl: {
    usage: 'getAcl [-s] path',
    flags: 's',
    valued: '',
    minArgs: 2,
    async run(zk, [, path], opts, io) {
      const { acl, stat } = await zk.getAcl(path);
      for (const a of acl) io.out(aclLine(a));
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  setAcl: {
    usage: 'setAcl [-s] [-v version] [-R] path acl',
    flags: 'sR',
    valued: 'v',
    minArgs: 3,
    async run(zk, [, path, aclText], opts, io) {
      const acl = parseAcl(aclText, io.err);
      if (opts.has('R')) {
        for (const p of await subTree(zk, path)) {
          await zk.setAcl(p, validAcl(acl), version(opts)).catch((e: unknown) => io.out(errorMessage(e)));
        }
        return;
      }
      const stat = await zk.setAcl(path, validAcl(acl), version(opts));
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  addauth: {
    usage: 'addauth scheme auth',
    flags: '',
    valued: '',
    minArgs: 2,
    async run(zk, [, scheme, auth], _opts, io) {
      if (!(await zk.addAuth(scheme, auth === undefined ? null : Buffer.from(auth, 'utf8')))) {
        io.out('\nWATCHER::\n\nWatchedEvent state:AuthFailed type:None path:null\n');
      }
    },
  },
  sync: {
    usage: 'sync path',
    flags: '',
    valued: '',
    minArgs: 2,
    async run(zk, [, path], _opts, io) {
      const rc = await zk.sync(path);
      io.out(rc === 0 ? 'Sync is OK\n' : `Sync has failed. rc=${rc}\n`);
    },
  },
  config: {
    usage: 'config [-c] [-w] [-s]',
    flags: 'cws',
    valued: '',
    minArgs: 1,
    async run(zk, _args, opts, io) {
      const { data, stat } = await zk.getData('/zookeeper/config', opts.has('w'));
      io.out(`${data === null ? 'null' : data.toString('utf8')}\n`);
      if (opts.has('s')) io.out(statText(stat));
    },
  },
  whoami: {
    usage: 'whoami ',
    flags: '',
    valued: '',
    minArgs: 1,
    async run(zk, _args, _opts, io) {
      io.out('Auth scheme: User\n');
      for (const c of await zk.whoAmI()) io.out(`${c.scheme}: ${c.user}\n`);
    },
  },
};

/** DefaultParser over a command's options: flags and valued options anywhere, the rest as arguments. */
export function parseCommand(spec: Spec, words: readonly string[]): { args: string[]; opts: Map<string, string | true> } {
  const args: string[] = [];
  const opts = new Map<string, string | true>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (i > 0 && /^-[A-Za-z]$/.test(w)) {
      const o = w.slice(1);
      if (spec.flags.includes(o)) opts.set(o, true);
      else if (spec.valued.includes(o)) {
        if (i + 1 >= words.length)
          throw new CliException(`org.apache.commons.cli.MissingArgumentException: Missing argument for option: ${o}`);
        opts.set(o, words[++i]);
      } else throw new CliException(`org.apache.commons.cli.UnrecognizedOptionException: Unrecognized option: ${w}`);
    } else args.push(w);
  }
  if (args.length < spec.minArgs) throw new CliException(spec.usage);
  return { args, opts };
}
