/**
 * `kafka-dojo zookeeper-shell <host:port> [command]`: Kafka 2.5's zookeeper-shell.sh (ZooKeeper's
 * ZooKeeperMain with `-server`) over the wire — one command and exit, or commands read line by line
 * from stdin — with zkCli 3.8's commands and output texts.
 */
import { createInterface } from 'node:readline';
import { KeeperException } from '../../core/zookeeper';
import { createPathValidationError } from '../../core/zookeeper/path-utils';
import { errorMessage } from '../../core/common/throwable';
import { KeeperState, EventType } from '../../core/zookeeper';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { CliException, COMMANDS, parseCommand, type ShellOut } from './zk-commands';
import { cliErrorText, watchedEventText } from './zk-cli-text';
import { ZkSession } from './zk-session';
import { parseZkConnectString } from '../../protocol/zookeeper/client/zk-connect-string';

export interface ShellIo extends CommandIo {
  /** Command lines when none is given on the command line (default: process.stdin). */
  readonly stdin?: AsyncIterable<string>;
}

export const ZOOKEEPER_SHELL_USAGE = 'USAGE: zookeeper-shell zookeeper_host:port[/path] [-zk-tls-config-file file] [args...]\n';

/** MyCommandOptions.ARGS_PATTERN: words, or "…" / '…' quoted ones with the quotes taken off. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/\s*([^"'\s]\S*|"[^"]*"|'[^']*')\s*/g)) {
    const w = m[1];
    words.push(/^(['"])(.*)\1$/.test(w) ? w.slice(1, -1) : w);
  }
  return words;
}

export async function runZooKeeperShell(argv: readonly string[], io: ShellIo): Promise<number> {
  const [connect, ...command] = argv;
  if (connect === undefined || connect.startsWith('-')) {
    io.stderr(ZOOKEEPER_SHELL_USAGE);
    return 1;
  }
  io.stdout(`Connecting to ${connect}\n`);
  if (command.length === 0) io.stdout('Welcome to ZooKeeper!\nJLine support is disabled\n');
  let zk: ZkSession;
  try {
    zk = await ZkSession.connect(parseZkConnectString(connect), (e) => io.stdout(watchedEventText(e)));
  } catch (e) {
    io.stderr(`Unable to connect to ${connect}: ${errorMessage(e)}\n`);
    return 1;
  }
  io.stdout(watchedEventText({ type: EventType.None, state: KeeperState.SyncConnected, path: null }));
  const out: ShellOut = { out: io.stdout, err: io.stderr };
  let exitCode = 0;
  const execute = async (words: string[]): Promise<'quit' | void> => {
    if (words.length === 0) return;
    const [name] = words;
    if (name === 'quit') return 'quit';
    const spec = COMMANDS[name];
    try {
      if (!spec) throw new CliException(`Command not found: Command not found ${name}`, 127);
      const { args, opts } = parseCommand(spec, words);
      if (spec.usage.includes(' path') && args[1] !== undefined) {
        const invalid = createPathValidationError(args[1], name === 'create' && opts.has('s'));
        if (invalid !== null) throw new CliException(invalid);
      }
      await spec.run(zk, args, opts, out);
    } catch (e) {
      if (e instanceof KeeperException) {
        exitCode = 1;
        io.stderr(`${cliErrorText(e)}\n`);
      } else if (e instanceof CliException) {
        exitCode = e.exitCode;
        io.stderr(`${e.message}\n`);
      } else throw e;
    }
  };
  try {
    if (command.length > 0) {
      await execute([...command]);
    } else {
      const lines = io.stdin ?? createInterface({ input: process.stdin, crlfDelay: Infinity });
      for await (const line of lines) {
        if ((await execute(splitCommandLine(line))) === 'quit') {
          // quit closes the session first, and the watcher hears it.
          await zk.close();
          io.stdout(watchedEventText({ type: EventType.None, state: KeeperState.Closed, path: null }));
          break;
        }
      }
    }
  } finally {
    await zk.close();
  }
  return exitCode;
}
