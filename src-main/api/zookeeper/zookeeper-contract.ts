/**
 * The API of the ZooKeeper node editor (types only, part of contract.ts's DojoApi as `zookeeper`).
 * Every write goes through the editor's own ZooKeeper session, so the controller sees it exactly as
 * it would see zkCli or PrettyZoo; refusals are ZooKeeper's (`NodeExists`, `BadVersion` …).
 */
import type { LocalizedText } from '../localized-text';

/** A znode's `Stat`, field for field; `ephemeralOwner` is the session id in hex (`0x0` for persistent nodes). */
export interface ZnodeStatDto {
  readonly czxid: number;
  readonly mzxid: number;
  readonly ctime: number;
  readonly mtime: number;
  readonly version: number;
  readonly cversion: number;
  readonly aversion: number;
  readonly ephemeralOwner: string;
  readonly dataLength: number;
  readonly numChildren: number;
  readonly pzxid: number;
}

export interface ZnodeChildDto {
  readonly name: string;
  readonly path: string;
  readonly numChildren: number;
  readonly ephemeral: boolean;
}

/** One page of a znode's children, in ZooKeeper's (sorted) order. */
export interface ZnodeChildrenPageDto {
  readonly path: string;
  readonly children: readonly ZnodeChildDto[];
  readonly offset: number;
  /** Every child of the node, not only this page. */
  readonly total: number;
  /** False when the node does not exist (any more): no children then. */
  readonly exists: boolean;
  /** The node's pzxid when its children were read (−1 without the node): a page older than a pushed change is stale. */
  readonly pzxid: number;
}

/** `null` data is ZooKeeper's null buffer, distinct from empty data (`text: ''`, size 0). */
export interface ZnodeDataDto {
  /** UTF-8 text when the bytes are valid UTF-8. */
  readonly text: string | null;
  readonly base64: string;
  readonly size: number;
}

export type ZnodeEncodingDto = 'text' | 'hex' | 'base64';

/** What Kafka 2.5 makes of a path: the znode's kind and its spec (core/kafka-zk/znode-specs.ts). */
export interface ZnodeKindDto {
  readonly kind: string;
  readonly title: LocalizedText;
  readonly pathPattern: string;
  readonly kafkaName: string | null;
  readonly createMode: 'persistent' | 'ephemeral' | 'persistent-sequential' | null;
  readonly dataFormat: string;
  readonly description: LocalizedText;
  readonly writtenBy: LocalizedText;
  readonly readBy: LocalizedText;
  readonly onInvalidData: LocalizedText;
  readonly template: string | null;
  /** What is wrong with the path itself for Kafka (a broker id that is not a number …). */
  readonly pathProblem: LocalizedText | null;
}

export interface ZnodeDetailDto {
  readonly path: string;
  readonly data: ZnodeDataDto | null;
  readonly stat: ZnodeStatDto;
  readonly kind: ZnodeKindDto;
}

export type ZnodeCreateModeDto = 'persistent' | 'ephemeral' | 'persistent-sequential' | 'ephemeral-sequential';

export interface ZnodeWriteDto {
  readonly path: string;
  /** null writes ZooKeeper's null data. */
  readonly data: string | null;
  readonly encoding?: ZnodeEncodingDto;
}

export interface ZnodeCreateDto extends ZnodeWriteDto {
  readonly mode: ZnodeCreateModeDto;
}

export interface ZnodeSetDataDto extends ZnodeWriteDto {
  /** The expected version (−1: any). */
  readonly version: number;
}

/** What the node editor is about to do, for validation and the preview. */
export interface ZnodeCheckRequestDto extends ZnodeWriteDto {
  readonly op: 'create' | 'setData' | 'delete';
  /** For a create: a sequential path gets its 10-digit suffix. */
  readonly mode?: ZnodeCreateModeDto;
}

/** Data Kafka cannot read, in Kafka's words; `kafkaReading` says what Kafka 2.5 does with it. */
export interface ZnodeDataProblemDto {
  readonly message: string;
  readonly kafkaReading: 'throws' | 'treats-as-empty' | 'accepts';
  readonly line: number | null;
  readonly column: number | null;
}

export interface ZnodeCheckDto {
  readonly kind: ZnodeKindDto;
  /** Data that cannot even be encoded (bad hex …) or a path ZooKeeper refuses (its words); nothing can be written. */
  readonly refusal: LocalizedText | null;
  readonly problem: ZnodeDataProblemDto | null;
  readonly notes: readonly LocalizedText[];
  /** Plain sentences: what the controller and brokers will do once this is written. */
  readonly effects: readonly LocalizedText[];
}

export interface ZnodeTemplateDto {
  readonly kind: string;
  readonly title: LocalizedText;
  readonly path: string;
  readonly mode: ZnodeCreateModeDto;
  readonly data: string | null;
}

export interface ZnodeRecursiveDeleteDto {
  /** Children first, as they are deleted; at most `limit` of them. */
  readonly paths: readonly string[];
  readonly total: number;
}

export interface WatchSessionDto {
  readonly sessionId: string;
  /** Who holds it: `broker-1`, `kafka-dojo-ui`, `kafka-dojo-node-editor` … */
  readonly owner: string;
  readonly data: readonly string[];
  readonly child: readonly string[];
  readonly persistent: readonly string[];
  readonly recursive: readonly string[];
  /** The client's connection to the ZooKeeper port when an outside client holds the session (as `cons` shows it), else null. */
  readonly connection: WatchConnectionDto | null;
}

export interface WatchConnectionDto {
  /** `/127.0.0.1:54321`, as ZooKeeper prints a client's address. */
  readonly address: string;
  /** The session timeout the server negotiated. */
  readonly timeoutMs: number;
}

/** One identity of the node editor's connection (`org.apache.zookeeper.data.Id`): `ip` 127.0.0.1, `digest` user:hash … */
export interface ZnodeAuthIdDto {
  readonly scheme: string;
  readonly id: string;
}

/** The node editor session's identities after an `addauth`, as the server lists them. */
export interface ZnodeAuthDto {
  readonly sessionId: string;
  readonly identities: readonly ZnodeAuthIdDto[];
}

export interface ZooKeeperService {
  /** A page of the children of `path` (with each child's numChildren), sorted as ZooKeeper sorts them. */
  children(path: string, offset: number, limit: number): Promise<ZnodeChildrenPageDto>;
  /** The node, or null when there is none (a view refreshing a node the cluster just deleted). */
  get(path: string): Promise<ZnodeDetailDto | null>;
  /** The created node as it is right after (its path carries the sequence suffix). */
  create(request: ZnodeCreateDto): Promise<ZnodeDetailDto>;
  setData(request: ZnodeSetDataDto): Promise<ZnodeDetailDto>;
  delete(path: string, version: number): Promise<void>;
  /** What a recursive delete of `path` removes (deepest first). */
  previewDeleteRecursive(path: string, limit: number): Promise<ZnodeRecursiveDeleteDto>;
  deleteRecursive(path: string): Promise<{ readonly deleted: number }>;
  /** Validation against Kafka's schema and the preview of what the cluster will do. */
  check(request: ZnodeCheckRequestDto): Promise<ZnodeCheckDto>;
  templates(): Promise<ZnodeTemplateDto[]>;
  /** Every session's watches (ZooKeeper's `wchc`). */
  watches(): Promise<WatchSessionDto[]>;
  /**
   * zkCli's `addauth scheme auth` on the editor's session (`digest`, `user:password`), kept for
   * the editor's later sessions too. An unknown scheme is AUTHFAILED: that session is closed.
   */
  addAuth(scheme: string, auth: string): Promise<ZnodeAuthDto>;
}

/** `zxid`: the transaction that made the change. */
export type ZnodeChangeDto = { readonly type: 'created' | 'deleted' | 'changed'; readonly path: string; readonly zxid: number };

/**
 * What the node editor is pushed when znodes change (at most every 250 ms); `overflow`: too many
 * changes to list, reload what is shown.
 */
export type ZooKeeperPushDto = { readonly type: 'znodes'; readonly changes: readonly ZnodeChangeDto[]; readonly overflow: boolean };
