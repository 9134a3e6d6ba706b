/**
 * ZooKeeper's `KeeperException.Code`, with the names ZooKeeper prints. Messages follow
 * `KeeperException.getMessage()`: `KeeperErrorCode = NoNode for /brokers/ids/3`.
 */
export const Code = {
  OK: 0,
  SYSTEMERROR: -1,
  RUNTIMEINCONSISTENCY: -2,
  DATAINCONSISTENCY: -3,
  CONNECTIONLOSS: -4,
  MARSHALLINGERROR: -5,
  UNIMPLEMENTED: -6,
  OPERATIONTIMEOUT: -7,
  BADARGUMENTS: -8,
  UNKNOWNSESSION: -12,
  NEWCONFIGNOQUORUM: -13,
  RECONFIGINPROGRESS: -14,
  APIERROR: -100,
  NONODE: -101,
  NOAUTH: -102,
  BADVERSION: -103,
  NOCHILDRENFOREPHEMERALS: -108,
  NODEEXISTS: -110,
  NOTEMPTY: -111,
  SESSIONEXPIRED: -112,
  INVALIDCALLBACK: -113,
  INVALIDACL: -114,
  AUTHFAILED: -115,
  SESSIONMOVED: -118,
  NOTREADONLY: -119,
  EPHEMERALONLOCALSESSION: -120,
  NOWATCHER: -121,
  REQUESTTIMEOUT: -122,
  RECONFIGDISABLED: -123,
  SESSIONCLOSEDREQUIRESASLAUTH: -124,
  QUOTAEXCEEDED: -125,
  THROTTLEDOP: -127,
} as const;

export type CodeName = keyof typeof Code;
export type ErrorCode = (typeof Code)[CodeName];

/** The text `KeeperException.getCodeMessage` gives for each code. */
const CODE_MESSAGES: Record<number, string> = {
  [Code.OK]: 'ok',
  [Code.SYSTEMERROR]: 'SystemError',
  [Code.RUNTIMEINCONSISTENCY]: 'RuntimeInconsistency',
  [Code.DATAINCONSISTENCY]: 'DataInconsistency',
  [Code.CONNECTIONLOSS]: 'ConnectionLoss',
  [Code.MARSHALLINGERROR]: 'MarshallingError',
  [Code.UNIMPLEMENTED]: 'Unimplemented',
  [Code.OPERATIONTIMEOUT]: 'OperationTimeout',
  [Code.BADARGUMENTS]: 'BadArguments',
  [Code.UNKNOWNSESSION]: 'Unknown session',
  [Code.NEWCONFIGNOQUORUM]: 'New config has no quorum',
  [Code.RECONFIGINPROGRESS]: 'Another reconfiguration is in progress',
  [Code.APIERROR]: 'APIError',
  [Code.NONODE]: 'NoNode',
  [Code.NOAUTH]: 'NoAuth',
  [Code.BADVERSION]: 'BadVersion',
  [Code.NOCHILDRENFOREPHEMERALS]: 'NoChildrenForEphemerals',
  [Code.NODEEXISTS]: 'NodeExists',
  [Code.NOTEMPTY]: 'Directory not empty',
  [Code.SESSIONEXPIRED]: 'Session expired',
  [Code.INVALIDCALLBACK]: 'Invalid callback',
  [Code.INVALIDACL]: 'InvalidACL',
  [Code.AUTHFAILED]: 'AuthFailed',
  [Code.SESSIONMOVED]: 'Session moved',
  [Code.NOTREADONLY]: 'Not a read-only call',
  [Code.EPHEMERALONLOCALSESSION]: 'Ephemeral node on local session',
  [Code.NOWATCHER]: 'No such watcher',
  [Code.REQUESTTIMEOUT]: 'Request timeout',
  [Code.RECONFIGDISABLED]: 'Reconfig is disabled',
  [Code.SESSIONCLOSEDREQUIRESASLAUTH]: 'Session closed because client failed to authenticate',
  [Code.QUOTAEXCEEDED]: 'Quota has exceeded',
  [Code.THROTTLEDOP]: 'Op throttled due to high load',
};

export function codeName(code: number): string {
  const entry = Object.entries(Code).find(([, value]) => value === code);
  return entry ? entry[0] : `UNKNOWN(${code})`;
}

export function codeMessage(code: number): string {
  return CODE_MESSAGES[code] ?? `Unknown error ${code}`;
}

/** A failed ZooKeeper operation; `code` is ZooKeeper's, `path` the node it concerns. */
export class KeeperException extends Error {
  override readonly name = 'KeeperException';

  constructor(
    readonly code: ErrorCode,
    readonly path?: string,
    /** Why, when ZooKeeper gives more than the code (e.g. the path validation rule broken). */
    readonly detail?: string,
  ) {
    super(
      `KeeperErrorCode = ${codeMessage(code)}` + (path !== undefined ? ` for ${path}` : '') + (detail !== undefined ? `: ${detail}` : ''),
    );
  }

  get codeName(): string {
    return codeName(this.code);
  }
}
