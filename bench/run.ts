/**
 * `npm run bench`: runs every benchmark suite and prints its figures, each beside a baseline
 * measured in the same run. `npm run bench -- zookeeper` (or `cluster`, `data`, `ui`, `groups`, `metrics`) runs the suites whose name matches.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatFigure } from './bench-support';
import type { Figure } from './bench-support';
import { clusterBench } from './cluster.bench';
import { dataPathBench } from './data-path.bench';
import { dataTransactionsBench } from './data-transactions.bench';
import { dataCleanerBench } from './data-cleaner.bench';
import { groupsLagBench } from './groups-lag.bench';
import { groupsPageBench } from './groups-page.bench';
import { logSegmentBench } from './log-segment.bench';
import { metricsSamplingBench } from './metrics-sampling.bench';
import { replicationThrottleBench } from './replication-throttle.bench';
import { timelineBench } from './timeline.bench';
import { uiBench, uiDashboardBench } from './ui.bench';
import { wireBench } from './wire.bench';
import { zookeeperStoreBench } from './zookeeper-store.bench';
import { zookeeperWireBench } from './zookeeper-wire.bench';
import { znodeTreeBench } from './znode-tree.bench';

const suites: Array<{ name: string; run: (report: (f: Figure) => void) => Promise<void> }> = [
  { name: 'zookeeper store', run: zookeeperStoreBench },
  { name: 'zookeeper wire', run: zookeeperWireBench },
  { name: 'cluster', run: clusterBench },
  { name: 'data path', run: dataPathBench },
  { name: 'data transactions', run: dataTransactionsBench },
  { name: 'data cleaner', run: dataCleanerBench },
  { name: 'ui', run: uiBench },
  { name: 'ui dashboard', run: uiDashboardBench },
  { name: 'wire protocol', run: wireBench },
  { name: 'log segment', run: logSegmentBench },
  { name: 'znode tree', run: znodeTreeBench },
  { name: 'replication throttle', run: replicationThrottleBench },
  { name: 'groups lag', run: groupsLagBench },
  { name: 'groups page', run: groupsPageBench },
  { name: 'metrics sampling', run: metricsSamplingBench },
  { name: 'timeline', run: timelineBench },
];

// `data-path` as well as `data path`, for a filter passed without quotes.
const filter = process.argv[2]?.replace(/-/g, ' ');
// The cluster's timers are unref'd (an app closes even with a cluster running); while a bench awaits
// the cluster and nothing else is pending, Node would otherwise exit mid-run.
const keepAlive = setInterval(() => undefined, 1000);
const all: Record<string, Figure[]> = {};
for (const suite of suites) {
  if (filter && !suite.name.includes(filter)) continue;
  console.log(`\n== ${suite.name} ==`);
  const figures: Figure[] = [];
  await suite.run((f) => {
    figures.push(f);
    console.log(formatFigure(f));
  });
  all[suite.name] = figures;
}
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  join(import.meta.dirname, 'results', 'latest.json'),
  JSON.stringify({ at: new Date().toISOString(), node: process.version, figures: all }, null, 2),
);
clearInterval(keepAlive);
