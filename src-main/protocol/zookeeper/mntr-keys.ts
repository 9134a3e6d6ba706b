/**
 * The keys a standalone ZooKeeper 3.8.0 prints for `mntr`, in its order (the order of its metrics
 * HashMaps, fixed for this key set), as recorded from Debian's 3.8.0 (test/protocol/zookeeper/
 * four-letter-words-real.test.ts compares them with a running one). `name:s` is a summary —
 * avg, min, max, cnt, sum — and `name:p` a summary with percentiles p50, p95, p99, p999 too.
 * Left out: the per-namespace summaries (`zk_avg_<top-level znode>_write_per_namespace` …) that
 * 3.8 appends after these, one set per top-level znode written to since it started.
 */
const RECORDED = [
  'version', 'server_state', 'ephemerals_count', 'num_alive_connections', 'avg_latency', 'outstanding_requests', 'znode_count', 'global_sessions',
  'non_mtls_remote_conn_count', 'last_client_response_size', 'packets_sent', 'packets_received', 'max_client_response_size',
  'connection_drop_probability', 'watch_count', 'auth_failed_count', 'min_latency', 'max_file_descriptor_count', 'approximate_data_size',
  'open_file_descriptor_count', 'local_sessions', 'uptime', 'max_latency', 'outstanding_tls_handshake', 'min_client_response_size',
  'non_mtls_local_conn_count', 'proposal_count', 'watch_bytes', 'outstanding_changes_removed', 'throttled_ops', 'stale_requests_dropped',
  'large_requests_rejected', 'insecure_admin_count', 'connection_rejected', 'cnxn_closed_without_zk_server_running',
  'sessionless_connections_expired', 'looking_count', 'dead_watchers_queued', 'stale_requests', 'connection_drop_count',
  'learner_proposal_received_count', 'digest_mismatches_count', 'dead_watchers_cleared', 'response_packet_cache_hits', 'bytes_received_count',
  'add_dead_watcher_stall_time', 'request_throttle_wait_count', 'requests_not_forwarded_to_commit_processor', 'response_packet_cache_misses',
  'ensemble_auth_success', 'prep_processor_request_queued', 'learner_commit_received_count', 'stale_replies', 'connection_request_count',
  'response_bytes', 'ensemble_auth_fail', 'diff_count', 'response_packet_get_children_cache_misses', 'connection_revalidate_count',
  'quit_leading_due_to_disloyal_voter', 'snap_count', 'unrecoverable_error_count', 'unsuccessful_handshake', 'commit_count',
  'stale_sessions_expired', 'response_packet_get_children_cache_hits', 'sync_processor_request_queued', 'outstanding_changes_queued',
  'request_commit_queued', 'ensemble_auth_skip', 'skip_learner_request_to_next_processor_count', 'tls_handshake_exceeded', 'revalidate_count',
  'socket_closing_time:s', 'proposal_process_time:s', 'leader_unavailable_time:s', 'node_created_watch_count:s', 'session_queues_drained:s',
  'write_commit_proc_req_queued:s', 'connection_token_deficit:s', 'read_commit_proc_req_queued:s', 'node_deleted_watch_count:s',
  'startup_txns_load_time:s', 'sync_processor_queue_size:s', 'follower_sync_time:s', 'prep_processor_queue_size:s', 'fsynctime:s',
  'inflight_snap_count:s', 'reads_issued_from_session_queue:s', 'learner_request_processor_queue_size:s', 'snapshottime:s', 'unavailable_time:s',
  'startup_txns_loaded:s', 'reads_after_write_in_session_queue:s', 'requests_in_session_queue:s', 'write_commit_proc_issued:s',
  'prep_process_time:s', 'pending_session_queue_size:s', 'time_waiting_empty_pool_in_commit_processor_read_ms:s', 'commit_process_time:s',
  'dbinittime:s', 'inflight_diff_count:s', 'netty_queued_buffer_capacity:s', 'election_time:s', 'commit_commit_proc_req_queued:s',
  'sync_processor_batch_size:s', 'node_children_watch_count:s', 'write_batch_time_in_commit_processor:s', 'read_commit_proc_issued:s',
  'concurrent_request_processing_in_commit_processor:s', 'observer_sync_time:s', 'node_changed_watch_count:s', 'sync_process_time:s',
  'startup_snap_load_time:s', 'prep_processor_queue_time_ms:p', 'jvm_pause_time_ms:p', 'close_session_prep_time:p', 'read_commitproc_time_ms:p',
  'updatelatency:p', 'local_write_committed_time_ms:p', 'request_throttle_queue_time_ms:p', 'readlatency:p', 'quorum_ack_latency:p',
  'om_commit_process_time_ms:p', 'read_final_proc_time_ms:p', 'commit_propagation_latency:p', 'dead_watchers_cleaner_latency:p',
  'write_final_proc_time_ms:p', 'proposal_ack_creation_latency:p', 'proposal_latency:p', 'om_proposal_process_time_ms:p',
  'sync_processor_queue_and_flush_time_ms:p', 'propagation_latency:p', 'server_write_committed_time_ms:p', 'sync_processor_queue_time_ms:p',
  'sync_processor_queue_flush_time_ms:p', 'write_commitproc_time_ms:p',
] as const;

const SUMMARY = ['avg', 'min', 'max', 'cnt', 'sum'] as const;
const PERCENTILES = ['p50', 'p95', 'p99', 'p999'] as const;

/** Every key in 3.8's order, with whether it is an average (printed as a Java double, `0.0`). */
export const MNTR_KEYS: ReadonlyArray<{ readonly key: string; readonly average: boolean }> = RECORDED.flatMap((entry) => {
  const [name, kind] = entry.split(':');
  if (kind === undefined) return [{ key: `zk_${name}`, average: name.startsWith('avg_') || name === 'connection_drop_probability' }];
  const parts = kind === 'p' ? [...SUMMARY, ...PERCENTILES] : SUMMARY;
  return parts.map((part) => ({ key: `zk_${part}_${name}`, average: part === 'avg' }));
});
