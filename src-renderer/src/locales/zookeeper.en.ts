// English texts of the ZooKeeper view (merged into en.ts as `zookeeper`).
export default {
  title: 'ZooKeeper',
};
