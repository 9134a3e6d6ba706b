// 复制限流的中文文本（并入 zh-CN.ts 的 `throttle`）。
export default {
  title: '复制限流',
  none: '无',
  leader: 'Leader {rate}/秒',
  follower: 'Follower {rate}/秒',
  limit: '上限 {rate}/秒',
  unlimited: '不限',
  hint: '被限流的复制字节/秒（leader.replication.throttled.rate / follower.replication.throttled.rate）',
};
