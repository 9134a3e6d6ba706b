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
};
