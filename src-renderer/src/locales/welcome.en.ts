// English texts of the first-run welcome page (merged into en.ts as `welcome`).
export default {
  link: 'Welcome',
  title: 'Welcome to Kafka Dojo',
  intro:
    'Kafka Dojo runs a whole Apache Kafka 2.5 cluster in ZooKeeper mode inside this app: a controller, brokers that write real log segment files, and a ZooKeeper you can read and write node by node. Break it on purpose, watch what Kafka does, and rehearse an operation before you try it on production.',
  cluster: {
    title: 'Your cluster',
    brokers: { one: '{n} broker', other: '{n} brokers' },
    topics: { one: '{n} topic', other: '{n} topics' },
    controller: 'Controller: broker {id}',
    noController: 'No controller right now',
    broker: 'Broker {id}',
    loading: 'Reading the cluster…',
  },
  exercisesTitle: 'Three exercises to start with',
  exercises: {
    killController: {
      title: 'Kill the controller',
      steps: {
        1: 'On the Brokers page, find the broker marked as controller.',
        2: 'Kill it: read first what Kafka will do (nothing happens until its ZooKeeper session expires).',
        3: 'Watch another broker win /controller, the controller epoch go up, and new leaders elected for its partitions.',
      },
      go: 'Open Brokers',
    },
    deleteWithBrokerDown: {
      title: 'Delete a topic with a broker down',
      steps: {
        1: 'Stop or kill one broker that holds replicas of a topic.',
        2: 'Delete the topic from the Deletions page.',
        3: 'See the deletion wait (ReplicaDeletionIneligible) and finish once the broker is back.',
      },
      go: 'Open Deletions',
    },
    handWriteTopic: {
      title: 'Hand-write a topic znode',
      steps: {
        1: 'Open the ZooKeeper node editor with the topic template.',
        2: 'Change the topic name and the replicas of each partition.',
        3: 'Read what the controller will do before you save, then save and find the new topic.',
      },
      go: 'Open the node editor',
    },
  },
  start: 'Go to the overview',
};
