import type { ZkRequest } from './requests';

/** What observers (the event log, the node editor) are told after each commit. */
export type ZkServerEvent =
  | { kind: 'txn'; zxid: number; timeMs: number; sessionId: bigint; op: ZkRequest['op'] | 'createSession'; path?: string; err: number }
  | { kind: 'watch-fired'; zxid: number; sessionId: bigint; type: number; path: string }
  | { kind: 'session-expired'; sessionId: bigint }
  /** The server dropped a client's connection (NIOServerCnxn's "Close of session" warning). */
  | { kind: 'connection-closed'; sessionId: bigint; message: string }
  | { kind: 'store-failed'; message: string };
