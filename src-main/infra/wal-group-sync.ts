import { closeSync, fdatasync, fdatasyncSync, fstatSync, openSync, statSync } from 'node:fs';
import { toError } from '../core/common/throwable';

type Durable = (error: Error | null) => void;

/**
 * Makes the transactions a WAL-mode SQLite connection commits with `synchronous = NORMAL` durable
 * off the event loop: one `fdatasync` of the `-wal` file at a time on libuv's thread pool (a sync
 * through any descriptor of a file flushes the file), covering every commit written before it
 * started; commits made while it runs are held and written together before the next one —
 * ZooKeeper's group commit. This
 * is the sync `synchronous = FULL` makes inside each commit, moved out of it: nothing is called
 * durable before its frames are on disk. Callbacks run in commit order.
 */
export class WalGroupSync {
  private fd: number | null = null;
  private syncing = false;
  /** Covered by the sync now running. */
  private covered: Durable[] = [];
  /** Written since it started: the next sync's. */
  private waiting: Durable[] = [];
  private closed = false;

  /**
   * `writeHeld` runs right before each sync starts: the owner writes then, in one transaction,
   * what it held back while the last sync ran (it could not have been durable any sooner).
   */
  constructor(
    private readonly walPath: string,
    private readonly writeHeld: () => void,
  ) {}

  /** A commit held for `writeHeld`: `durable` runs once it is written and on disk. */
  afterCommit(durable: Durable): void {
    this.waiting.push(durable);
    if (!this.syncing) this.start();
  }

  /** Syncs what is still due at once (blocking), calls its callbacks, and lets the descriptor go. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const due = [...this.covered, ...this.waiting];
    this.covered = [];
    this.waiting = [];
    if (due.length > 0) {
      let error: Error | null = null;
      try {
        this.writeHeld();
        fdatasyncSync(this.descriptor());
      } catch (e) {
        error = toError(e);
      }
      for (const durable of due) durable(error);
    }
    // A sync still running on the thread pool keeps the descriptor until it returns.
    if (!this.syncing) this.closeDescriptor();
  }

  private start(): void {
    this.syncing = true;
    this.covered = this.waiting;
    this.waiting = [];
    let fd: number;
    try {
      this.writeHeld();
      fd = this.descriptor();
    } catch (e) {
      process.nextTick(() => this.finish(toError(e)));
      return;
    }
    fdatasync(fd, (err) => this.finish(err));
  }

  private finish(err: Error | null): void {
    this.syncing = false;
    const batch = this.covered;
    this.covered = [];
    const error = err ? toError(err) : null;
    for (const durable of batch) durable(error);
    if (this.closed) this.closeDescriptor();
    else if (this.waiting.length > 0) this.start();
  }

  /** The `-wal` file's descriptor, opened again if SQLite replaced the file (it keeps it while connected). */
  private descriptor(): number {
    if (this.fd !== null && fstatSync(this.fd).ino !== statSync(this.walPath).ino) this.closeDescriptor();
    if (this.fd === null) this.fd = openSync(this.walPath, 'r');
    return this.fd;
  }

  private closeDescriptor(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}
