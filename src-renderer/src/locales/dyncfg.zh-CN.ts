// 代理配置编辑器的中文文本（并入 zh-CN.ts 的 `dyncfg`）。
export default {
  type: '类型',
  default: '默认值',
  validValues: '有效值',
  scope: '范围',
  readOnly: '只读',
  perBroker: '仅单个代理',
  clusterWide: '单个代理或全集群',
  edit: '编辑',
  review: '查看更改',
  save: '保存',
  cancel: '取消',
  diffTitle: '对 /config/brokers/{entity} 的更改',
  unset: '（未设置）',
  noChanges: '没有更改。',
  defaultsButton: '全集群默认配置',
  defaultsTitle: '全集群默认 Broker 配置（{path}）',
  defaultsNote:
    '对没有自己动态值的配置项，每个 Broker 都采用这里的值（来源 DYNAMIC_DEFAULT_BROKER_CONFIG，DYNAMIC_BROKER_CONFIG 优先），优先于 server.properties。',
  withPerBroker: '也显示仅单个 Broker 的配置项（在全集群级别会被拒绝）',
};
