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
};
