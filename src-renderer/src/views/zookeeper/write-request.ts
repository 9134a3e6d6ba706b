/** What the write form starts from: a create (path, mode) or a setData (path, expected version). */
import type { ZnodeCreateModeDto, ZnodeEncodingDto } from '../../api/types';

export interface WriteRequest {
  op: 'create' | 'setData';
  path: string;
  mode: ZnodeCreateModeDto;
  data: string | null;
  encoding: ZnodeEncodingDto;
  version: number;
}
