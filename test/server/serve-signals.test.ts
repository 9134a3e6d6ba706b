/**
 * Ctrl+C in the terminal of `npm run serve` (and of `npm start`'s headless fallback) signals the
 * whole process group: npm, the shell and node all get SIGINT at once, and npm relays it to its
 * child as well. However the copies arrive, one Ctrl+C shuts the cluster down cleanly (every log
 * dir left with `.kafka_cleanshutdown`, so the next start recovers nothing) and the command exits 0;
 * a second Ctrl+C after a pause exits at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TopicDetailDto } from '../../src-main/api/contract';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';
import { postApi } from './http-client';
import { cleanShutdownMarkers, startServeProcess, type ServeProcess } from './serve-process';

const URL_LINE = /^Kafka Dojo headless: http:\/\/127\.0\.0\.1:(\d+)\/\?token=t$/;
const SHUTTING_DOWN = /^Kafka Dojo: shutting the cluster down/;
const SHUT_DOWN = /^Kafka Dojo: the cluster shut down cleanly\.$/;
const RUNS = 3;

let running: ServeProcess | null = null;
const temps: Array<{ cleanup(): void }> = [];
afterEach(() => {
  running?.kill();
  running = null;
  for (const tmp of temps.splice(0)) tmp.cleanup();
});

function serve(dataDir: string): ServeProcess {
  running = startServeProcess('npm', ['run', 'serve', '--', '--data-dir', dataDir, '--port', '0', '--token', 't']);
  return running;
}

describe('Ctrl+C in the terminal of npm run serve', () => {
  it(`shuts the cluster down cleanly and exits 0, every time (${RUNS} runs)`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const tmp = makeTempDir('dojo-serve-signals-');
      temps.push(tmp);
      const p = serve(tmp.dir);
      await p.waitForLine(URL_LINE);
      p.signalGroup('SIGINT');
      const exit = await p.exited;
      const output = p.output();
      expect(exit, `run ${run}:\n${output}`).toEqual({ code: 0, signal: null });
      expect(
        output.split('\n').filter((l) => SHUTTING_DOWN.test(l)),
        output,
      ).toHaveLength(1);
      expect(
        output.split('\n').some((l) => SHUT_DOWN.test(l)),
        output,
      ).toBe(true);
      expect(output).not.toMatch(/again, exiting without waiting/);
      expect(p.groupAlive()).toBe(false);
      const markers = cleanShutdownMarkers(tmp.dir);
      expect(markers.size, output).toBe(3);
      expect(
        [...markers].filter(([, present]) => !present),
        output,
      ).toEqual([]);
    }
  }, 120_000);

  it('exits without waiting at a second Ctrl+C given after a pause', async () => {
    const tmp = makeTempDir('dojo-serve-signals-');
    temps.push(tmp);
    const p = serve(tmp.dir);
    const port = Number(URL_LINE.exec(await p.waitForLine(URL_LINE))![1]);
    // 150 replicas to close: a shutdown long enough to be caught under way (about a second here).
    const create = await postApi(
      port,
      'topics',
      'create',
      [
        { name: 'big', partitions: 50, replicationFactor: 3, assignment: { kind: 'automatic', rackAware: false }, configs: {} },
        { validateOnly: false },
      ],
      't',
    );
    expect(create.status, create.text).toBe(200);
    await waitFor('50 partitions in sync', async () => {
      const detail = (await postApi(port, 'topics', 'detail', ['big'], 't')).json() as { result?: TopicDetailDto };
      return detail.result?.partitions.length === 50 && detail.result.partitions.every((partition) => partition.isr.length === 3);
    });
    p.signalGroup('SIGINT');
    await p.waitForLine(SHUTTING_DOWN);
    // Holds the shutdown (the whole group stopped) for longer than the pause a second Ctrl+C needs,
    // then presses Ctrl+C again while it is still under way.
    p.signalGroup('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    p.signalGroup('SIGINT');
    p.signalGroup('SIGCONT');
    const exit = await p.exited;
    const output = p.output();
    expect(exit, output).toEqual({ code: 130, signal: null });
    expect(output).toMatch(/^Kafka Dojo: SIGINT again, exiting without waiting/m);
    expect(output).not.toMatch(SHUT_DOWN);
  }, 60_000);
});
