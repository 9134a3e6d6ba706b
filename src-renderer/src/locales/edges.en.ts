// English texts of the rough edges a new user found (merged into en.ts as `edges`).
// Kafka's own words (its tools' warnings, its error messages) stay English in both languages.
const COLLISION_WARNING =
  "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.";

export default {
  config: {
    unlimited: '= unlimited',
  },
  wizard: {
    collisionWarning: COLLISION_WARNING,
    collisionWhy:
      "kafka-topics.sh prints this for such a name: metric names turn '.' into '_', so a.b and a_b would share them. Kafka refuses a topic that collides with an existing one.",
  },
  review: {
    command: 'The same with kafka-topics.sh',
  },
  topic: {
    malformed: 'malformed znode',
    malformedTitle: 'Kafka cannot read {path}: the topic has no partitions it can use',
  },
  session: {
    title: 'Broker {id} was killed, but the controller does not know yet',
    why: 'Nothing tells the controller that a killed broker is gone until ZooKeeper expires its session, {timeout} after its last heartbeat (zookeeper.session.timeout.ms = {timeoutMs}). Until then broker {id} is still shown as the leader of its partitions, and they answer nothing (offsets -1).',
    expiresIn: 'Session expires in {time}',
    expiringNow: 'Session expiring now…',
    killedAgo: 'killed {time} ago',
  },
  brokers: {
    more: 'More',
    blocked: {
      running: 'The broker is running.',
      notRunning: 'The broker is not running.',
      noOnlineDir: 'No log dir is online.',
      removeRunning: 'Running: shut it down or kill it first.',
    },
  },
  confirm: {
    typeName: 'Type {name} to confirm:',
  },
  deleteTopic: {
    title: 'Delete topic {name}',
    marker: 'ZooKeeper gets /admin/delete_topics/{name}; the controller (delete.topic.enable=true) queues the topic for deletion.',
    controller:
      'The controller takes its {partitions} partitions offline and sends StopReplica (delete) for its {replicas} replicas to their brokers, then removes /brokers/topics/{name}, /config/topics/{name} and the marker.',
    files:
      'Each broker renames the partition dirs to …-delete and deletes them, {size} of records in all, after file.delete.delay.ms. They cannot be recovered.',
    clients:
      'Producers and consumers of {name} get UNKNOWN_TOPIC_OR_PARTITION; with auto.create.topics.enable a client may create it again.',
  },
  deleteWorkspace: {
    files:
      'The folder of workspace {name} goes: its metadata.db (the emulated ZooKeeper and the event log) and the log dirs of its {brokers} brokers.',
    snapshots: 'Its {count} snapshots go too.',
    noUndo: 'This cannot be undone.',
  },
};
