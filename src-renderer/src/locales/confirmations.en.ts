// English texts of the confirmations of destructive actions (merged into en.ts as `confirmations`):
// what each action will do, sentence by sentence, shown in the one ConfirmActionDialog.
export default {
  noUndo: 'This cannot be undone.',
  purge: {
    title: 'Purge {topic}-{partition} up to offset {offset}?',
    logStart:
      'DeleteRecords moves the log start offset of {topic}-{partition} to {offset} on the leader (broker {leader}), then on every follower through its fetches.',
    records:
      'No record below offset {offset} can be read any more: no offset goes from the leader. | No record below offset {offset} can be read any more: {n} offset goes from the leader. | No record below offset {offset} can be read any more: {n} offsets go from the leader.',
    segments: 'Segments wholly below it are deleted at the next retention check: {segments}.',
    noSegments: 'No segment is wholly below it: the files stay until retention removes them.',
  },
  restore: {
    title: 'Restore workspace {workspace} from snapshot {snapshot}?',
    replaced:
      'The cluster of workspace {workspace} stops, and its folder (metadata.db and every log dir) is replaced by the copy in snapshot {snapshot}.',
    lost: 'Everything done in {workspace} since the snapshot is lost: topics, records, offsets, the timeline and the metrics.',
    reopened: 'The cluster starts again from the snapshot and becomes the open workspace. The snapshot itself is kept.',
  },
  deleteSnapshot: {
    title: 'Delete snapshot {name}?',
    files: 'The copy of workspace {workspace} in snapshot {name} (its metadata.db and log dirs) is deleted.',
    workspaceKept: 'Workspace {workspace} itself does not change, but it can no longer be restored to this point.',
  },
  deleteGroup: {
    title: 'Delete consumer group {group}?',
    offsets:
      'kafka-consumer-groups --delete: the group coordinator writes tombstones to __consumer_offsets for every committed offset of the group and for its metadata.',
    refusal: 'Kafka refuses it while the group has active members (NON_EMPTY_GROUP).',
    restart: 'A consumer that joins {group} again starts where auto.offset.reset says (latest by default).',
  },
  deleteOffsets: {
    title: 'Delete the offsets of {group} on {topic}?',
    offsets: 'kafka-consumer-groups --delete-offsets: the committed offsets of group {group} for every partition of {topic} are removed.',
    refusal: 'Kafka refuses it while an active member of the group is subscribed to {topic} (GROUP_SUBSCRIBED_TO_TOPIC).',
    restart: 'A consumer of {group} then reads {topic} from where auto.offset.reset says.',
  },
  resetOffsets: {
    title: 'Reset the offsets of {group}?',
    commit:
      'The committed offset of {n} partition is replaced by the NEW-OFFSET column of the plan. | The committed offsets of {n} partitions are replaced by the NEW-OFFSET column of the plan.',
    refusal: 'Kafka refuses it while the group has active members: stop its consumers first.',
    previous: 'The previous offsets are not kept: note the current offsets of the partitions above to go back with --to-offset.',
  },
  cancelReassignment: {
    title: 'Cancel the reassignment of {n} partition? | Cancel the reassignment of {n} partitions?',
    partition:
      '{topic}-{partition} goes back to its replicas {replicas}; the replicas being added (on brokers {adding}) stop and delete the log they copied.',
    partitionNoAdding: '{topic}-{partition} goes back to its replicas {replicas}.',
    cancelOnly:
      'kafka-reassign-partitions.sh --cancel: the controller stops the move of these partitions and removes them from /admin/reassign_partitions.',
    noLoss: 'No record is lost: the original replicas kept the partition all along.',
  },
};
