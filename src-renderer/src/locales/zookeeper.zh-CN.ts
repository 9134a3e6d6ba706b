// 简体中文 texts of the ZooKeeper view (merged into zh-CN.ts as `zookeeper`; same keys as zookeeper.en.ts).
export default {
  title: 'ZooKeeper',
};
