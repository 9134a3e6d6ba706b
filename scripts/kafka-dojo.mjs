#!/usr/bin/env node
// kafka-dojo <tool> [options] — Kafka's command-line tools (kafka-topics …) against Kafka Dojo's
// brokers on 127.0.0.1, through the wire protocol. Runs src-main/cli/main.ts through tsx.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src-main/cli/main.ts', import.meta.url);
const code = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
