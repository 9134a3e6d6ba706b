/**
 * Runs a `kafka-dojo <tool> --zookeeper …` command in-process against a harness cluster, the
 * tool's ZooKeeper session opened on the harness's emulated ZooKeeper.
 */
import { main } from '../../src-main/cli/main';
import { endpointZkConnector } from '../../src-main/cli/zookeeper/zk-connection';
import type { ClusterHarness } from './cluster-harness';

export interface ToolRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export const LOG4J_PREFIX = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] /;

export async function runZkTool(h: ClusterHarness, tool: string, ...args: string[]): Promise<ToolRun> {
  let stdout = '';
  let stderr = '';
  const code = await main([tool, ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    zookeeper: { connect: endpointZkConnector(() => h.zkServer, h.time), random: h.random },
  });
  await h.settle();
  return { code, stdout, stderr };
}

/** The lines of a text, without the empty string after its final newline. */
export function lines(text: string): string[] {
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}
