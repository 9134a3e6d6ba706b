/**
 * Conversions between the emulated ZooKeeper's values and what the node editor's API carries:
 * Stat, data bytes (null distinct from empty), create modes, the znode's Kafka kind, and
 * ZooKeeper's errors as API refusals in ZooKeeper's own words.
 */
import type { ZnodeIdentity, ZnodeSpec } from '../../core/kafka-zk';
import { ZNODE_SPECS, identifyZnode } from '../../core/kafka-zk';
import type { CreateModeFlag, Stat, ZnodeData } from '../../core/zookeeper';
import { Code, CreateMode, KeeperException } from '../../core/zookeeper';
import { ApiError } from '../backend';
import { znodeNoteText } from './znode-notes';
import { specText } from './znode-spec-texts';
import type { ZnodeCreateModeDto, ZnodeDataDto, ZnodeEncodingDto, ZnodeKindDto, ZnodeStatDto } from './zookeeper-contract';
import type { LocalizedText } from '../localized-text';
import { kafkaText } from '../localized-text';

export function statDto(stat: Stat): ZnodeStatDto {
  return { ...stat, ephemeralOwner: `0x${stat.ephemeralOwner.toString(16)}` };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function dataDto(data: ZnodeData): ZnodeDataDto | null {
  if (data === null) return null;
  let text: string | null;
  try {
    text = utf8.decode(data);
  } catch {
    text = null;
  }
  return { text, base64: Buffer.from(data).toString('base64'), size: data.length };
}

/** The bytes a person typed, or why they are not bytes (nothing is written then). */
export function encodeData(data: string | null, encoding: ZnodeEncodingDto = 'text'): ZnodeData | LocalizedText {
  if (data === null) return null;
  if (encoding === 'text') return new TextEncoder().encode(data);
  if (encoding === 'hex') {
    const compact = data.replace(/\s+/g, '');
    if (compact.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(compact))
      return { en: 'The data is not hex: two hex digits per byte.', 'zh-CN': '数据不是十六进制：每个字节两位十六进制数字。' };
    return Uint8Array.from(Buffer.from(compact, 'hex'));
  }
  const compact = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
    return { en: 'The data is not base64.', 'zh-CN': '数据不是 base64 编码。' };
  return Uint8Array.from(Buffer.from(compact, 'base64'));
}

export function requireData(data: string | null, encoding: ZnodeEncodingDto | undefined): ZnodeData {
  const bytes = encodeData(data, encoding);
  if (isDataProblem(bytes)) throw new ApiError('INVALID_INPUT', bytes, 'data');
  return bytes;
}

export function isDataProblem(bytes: ZnodeData | LocalizedText): bytes is LocalizedText {
  return bytes !== null && !(bytes instanceof Uint8Array);
}

export const CREATE_MODES: Readonly<Record<ZnodeCreateModeDto, CreateModeFlag>> = {
  persistent: CreateMode.PERSISTENT,
  ephemeral: CreateMode.EPHEMERAL,
  'persistent-sequential': CreateMode.PERSISTENT_SEQUENTIAL,
  'ephemeral-sequential': CreateMode.EPHEMERAL_SEQUENTIAL,
};

export function kindDto(identity: ZnodeIdentity, spec: ZnodeSpec = ZNODE_SPECS[identity.kind]): ZnodeKindDto {
  return {
    kind: spec.kind,
    title: specText(spec, 'title'),
    pathPattern: spec.pathPattern,
    kafkaName: spec.kafkaName,
    createMode: spec.createMode,
    dataFormat: spec.dataFormat,
    description: specText(spec, 'description'),
    writtenBy: specText(spec, 'writtenBy'),
    readBy: specText(spec, 'readBy'),
    onInvalidData: specText(spec, 'onInvalidData'),
    template: spec.template,
    pathProblem: identity.problem === null ? null : znodeNoteText(identity.problem),
  };
}

export function kindOfPath(path: string): ZnodeKindDto {
  return kindDto(identifyZnode(path));
}

/**
 * Runs a ZooKeeper call; its KeeperException becomes a refusal named by ZooKeeper's code
 * (`NODEEXISTS`) with ZooKeeper's message (`KeeperErrorCode = NodeExists for /brokers/topics/t`).
 */
export async function zk<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    // Kafka's text: zkCli's words for ZooKeeper's refusal.
    if (e instanceof KeeperException) throw new ApiError(e.codeName, kafkaText(cliMessage(e)), 'path');
    throw e;
  }
}

/** The ACL refusals as zkCli prints them (CliWrapperException); the others keep KeeperException's text. */
function cliMessage(e: KeeperException): string {
  if (e.code === Code.NOAUTH) return `Insufficient permission : ${e.path ?? ''}`;
  if (e.code === Code.INVALIDACL) return `Acl is not valid : ${e.path ?? ''}`;
  return e.message;
}
