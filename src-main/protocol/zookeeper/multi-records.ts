/**
 * multi (14) and multiRead (22), as `MultiOperationRecord` / `MultiResponse` encode them:
 *
 *   request  = ( MultiHeader{ int type; boolean done=false; int err=-1 } + op record )*
 *              + MultiHeader{ -1, true, -1 }
 *     op records: create/create2/createContainer → CreateRequest, createTTL → CreateTTLRequest,
 *     delete → DeleteRequest, setData → SetDataRequest, check → CheckVersionRequest,
 *     getChildren → GetChildrenRequest, getData → GetDataRequest; any other type is malformed
 *   response = ( MultiHeader{ type; false; err } + result )* + MultiHeader{ -1, true, -1 }
 *     results: create → CreateResponse, createContainer/createTTL → Create2Response (typed create2),
 *     setData → SetDataResponse, delete/check → nothing, getChildren → GetChildrenResponse,
 *     getData → GetDataResponse, error (−1) → ErrorResponse{ int err }
 *
 * The Java server rebuilds every create from its flags (`Op.create`), so a create or create2 header
 * with flags 0–3 is answered as create (path only), CONTAINER as createContainer, TTL modes as createTTL.
 */
import type { Acl, Stat } from '../../core/zookeeper';
import { CreateMode } from '../../core/zookeeper';
import { JuteParseError, type JuteReader } from './jute/jute-reader';
import type { JuteWriter } from './jute/jute-writer';
import { ZkOpCode } from './op-codes';
import { readCreateRequest, readPathAndVersion, readPathAndWatch, readSetDataRequest, writeStat } from './records';

export type MultiOp =
  | {
      type: typeof ZkOpCode.create | typeof ZkOpCode.createContainer | typeof ZkOpCode.createTTL;
      path: string;
      data: Buffer | null;
      acl: Acl[] | null;
      flags: number;
      ttl: bigint;
    }
  | { type: typeof ZkOpCode.delete; path: string; version: number }
  | { type: typeof ZkOpCode.setData; path: string; data: Buffer | null; version: number }
  | { type: typeof ZkOpCode.check; path: string; version: number }
  | { type: typeof ZkOpCode.getChildren | typeof ZkOpCode.getData; path: string };

/** The opcode `Op.create` gives a create with these flags. */
function createOpType(flags: number): MultiOp['type'] {
  if (flags === CreateMode.CONTAINER) return ZkOpCode.createContainer;
  if (flags === CreateMode.PERSISTENT_WITH_TTL || flags === CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL) return ZkOpCode.createTTL;
  return ZkOpCode.create;
}

export function readMultiOps(r: JuteReader): MultiOp[] {
  const ops: MultiOp[] = [];
  for (;;) {
    const type = r.int('type');
    const done = r.bool('done');
    r.int('err');
    if (done) return ops;
    switch (type) {
      case ZkOpCode.create:
      case ZkOpCode.create2:
      case ZkOpCode.createContainer:
      case ZkOpCode.createTTL: {
        const c = readCreateRequest(r, type === ZkOpCode.createTTL);
        ops.push({ ...c, type: createOpType(c.flags) } as MultiOp);
        break;
      }
      case ZkOpCode.delete:
        ops.push({ type, ...readPathAndVersion(r) });
        break;
      case ZkOpCode.setData:
        ops.push({ type, ...readSetDataRequest(r) });
        break;
      case ZkOpCode.check:
        ops.push({ type, ...readPathAndVersion(r) });
        break;
      case ZkOpCode.getChildren:
      case ZkOpCode.getData:
        ops.push({ type, path: readPathAndWatch(r).path });
        break;
      default:
        throw new JuteParseError('Invalid type of op');
    }
  }
}

export type MultiResult =
  | { type: typeof ZkOpCode.create; path: string }
  | { type: typeof ZkOpCode.createContainer | typeof ZkOpCode.createTTL; path: string; stat: Stat }
  | { type: typeof ZkOpCode.setData; stat: Stat }
  | { type: typeof ZkOpCode.delete | typeof ZkOpCode.check }
  | { type: typeof ZkOpCode.getChildren; children: string[] }
  | { type: typeof ZkOpCode.getData; data: Uint8Array | null; stat: Stat }
  | { type: typeof ZkOpCode.error; err: number };

export function writeMultiResponse(w: JuteWriter, results: readonly MultiResult[]): void {
  for (const res of results) {
    // OpResult.CreateResult with a Stat is typed create2, whichever create made it.
    const type = res.type === ZkOpCode.createContainer || res.type === ZkOpCode.createTTL ? ZkOpCode.create2 : res.type;
    w.int(type)
      .bool(false)
      .int(res.type === ZkOpCode.error ? res.err : 0);
    switch (res.type) {
      case ZkOpCode.create:
        w.ustring(res.path);
        break;
      case ZkOpCode.createContainer:
      case ZkOpCode.createTTL:
        w.ustring(res.path);
        writeStat(w, res.stat);
        break;
      case ZkOpCode.setData:
        writeStat(w, res.stat);
        break;
      case ZkOpCode.getChildren:
        w.strings(res.children);
        break;
      case ZkOpCode.getData:
        w.buffer(res.data);
        writeStat(w, res.stat);
        break;
      case ZkOpCode.error:
        w.int(res.err);
        break;
      default:
        break;
    }
  }
  w.int(-1).bool(true).int(-1);
}
