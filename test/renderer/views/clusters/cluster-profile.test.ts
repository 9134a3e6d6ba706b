import { describe, expect, it } from 'vitest';
import { defaultProfileForm, PROFILE_FIELDS, toProfile } from '../../../../src-renderer/src/views/clusters/cluster-profile';

describe('cluster profile form', () => {
  it('sends every broker config the form sets, as Kafka spells it', () => {
    const profile = toProfile({ ...defaultProfileForm(), name: ' lab ', uncleanLeaderElectionEnable: true, numPartitions: 6 });
    expect(profile.name).toBe('lab');
    expect(profile.brokerConfig).toEqual({
      'delete.topic.enable': 'true',
      'auto.create.topics.enable': 'true',
      'unclean.leader.election.enable': 'true',
      'num.partitions': '6',
      'default.replication.factor': '1',
      'min.insync.replicas': '1',
    });
  });

  it('knows each broker config as a field a refusal may name', () => {
    expect(PROFILE_FIELDS).toEqual([
      'name',
      'brokers',
      'racks',
      'logDirsPerBroker',
      'brokerConfig',
      'delete.topic.enable',
      'auto.create.topics.enable',
      'unclean.leader.election.enable',
      'num.partitions',
      'default.replication.factor',
      'min.insync.replicas',
    ]);
  });
});
