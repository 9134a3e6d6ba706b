// 客户端配额页面的简体中文（并入 zh-CN.ts 的 `quotas`）。实体名、配置名和路径是 Kafka 的原文，不翻译。
import type en from './quotas.en';

const quotas: typeof en = {
  title: '客户端配额',
  add: '添加配额',
  entitiesTitle: '配额实体',
  entitiesNone: '未配置任何配额：所有客户端都不受限（quota.producer.default / quota.consumer.default 除外）。',
  clientsTitle: '已连接的客户端（broker 的测量值）',
  clientsNote:
    '未认证的连接的用户都是 ANONYMOUS。速率按 quota.window.num × quota.window.size.seconds 计算；限流时间是最近两个 30 秒样本的平均值。实时更新。',
  clientsNone: '自 broker 启动以来还没有客户端生产或拉取过。',
  precedenceTitle: '哪个实体的配额生效（ClientQuotaManager）',
  precedenceNote: '对一个客户端（user、client-id），以下第一个设置了该配额的实体生效：',
  columns: {
    entity: '实体',
    znode: 'Znode',
    inEffect: '生效于',
    broker: 'Broker',
    user: '用户',
    clientId: 'Client id',
  },
  notSet: '—',
  unlimited: '不限',
  bound: '配额 {quota}',
  from: '来自 {source}',
  observed: '实测 {rate}',
  throttled: '限流 {ms} ms',
  notThrottled: '未限流',
  allClientIds: '（该用户的所有 client id）',
  edit: '编辑',
  kinds: {
    user: 'user',
    'client-id': 'client-id',
    'user-client-id': 'user + client-id',
  },
  form: {
    addTitle: '添加客户端配额',
    editTitle: '编辑 {entity} 的配额',
    kind: '实体类型',
    user: '用户 principal',
    clientId: 'Client id',
    useDefault: '{name}（所有没有自己配置的）',
    nameRequired: '必须填写名称（或选择 {name}）。',
    valuesHint: '留空：不设置（按下面的顺序由下一个实体生效）。单位为字节/秒；request_percentage 为一个请求线程时间的百分比。',
    review: '检查',
    save: '保存',
    changes: '变更内容',
    noChanges: '没有要保存的变更。',
    existing: '{entity} 已有配置 znode：此操作将编辑它。',
  },
  sentences: {
    command: '等同于：{command}',
    write: '{entity} 的配置以 version 1 的 JSON 写入 /config 下它的 znode，然后在 /config/changes 下写入变更通知。',
    apply: '每个 broker 的 DynamicConfigManager 读取通知并更新其 ClientQuotaManager；超过新上限的客户端从下一个请求起被限流。',
    delete: '它的配额被删除（{keys}）；znode 保留，config 为空，与 kafka-configs 的做法相同，按顺序由下一个实体生效。',
  },
  deleteTitle: '删除 {entity} 的配额',
  saved: 'Completed updating config for entity: {entity}.',
};

export default quotas;
