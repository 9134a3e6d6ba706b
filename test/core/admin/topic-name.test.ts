import { describe, expect, it } from 'vitest';
import {
  collidingTopics,
  hasCollision,
  hasCollisionChars,
  isInternalTopic,
  topicExistenceError,
  topicNameError,
  unifyCollisionChars,
  validateTopic,
} from '../../../src-main/core/admin/topic-name';

describe('Topic.validate', () => {
  it('accepts ASCII alphanumerics, dot, underscore and dash up to 249 characters', () => {
    expect(topicNameError('orders.v1_EU-2')).toBeNull();
    expect(topicNameError('a'.repeat(249))).toBeNull();
    expect(topicNameError('__consumer_offsets')).toBeNull();
  });

  it('refuses an empty name', () => {
    const e = topicNameError('');
    expect(e?.errorName).toBe('INVALID_TOPIC_EXCEPTION');
    expect(e?.code).toBe(17);
    expect(e?.message).toBe("Topic name is illegal, it can't be empty");
  });

  it('refuses "." and ".."', () => {
    expect(topicNameError('.')?.message).toBe('Topic name cannot be "." or ".."');
    expect(topicNameError('..')?.message).toBe('Topic name cannot be "." or ".."');
    expect(topicNameError('...')).toBeNull();
  });

  it('refuses 250 characters, quoting the name', () => {
    const name = 'x'.repeat(250);
    expect(topicNameError(name)?.message).toBe(`Topic name is illegal, it can't be longer than 249 characters, topic name: ${name}`);
  });

  it('refuses other characters, including spaces and non-ASCII letters', () => {
    for (const name of ['a b', 'a/b', 'topic!', 'café', '主题']) {
      expect(topicNameError(name)?.message).toBe(
        `Topic name "${name}" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`,
      );
    }
  });

  it('throws from validateTopic', () => {
    expect(() => validateTopic('bad name')).toThrow(/is illegal/);
    expect(() => validateTopic('good')).not.toThrow();
  });
});

describe('collisions and internal topics', () => {
  it('knows the two internal topics of 2.5', () => {
    expect(isInternalTopic('__consumer_offsets')).toBe(true);
    expect(isInternalTopic('__transaction_state')).toBe(true);
    expect(isInternalTopic('_consumer_offsets')).toBe(false);
  });

  it('treats "." and "_" as the same character', () => {
    expect(hasCollisionChars('a.b')).toBe(true);
    expect(hasCollisionChars('a-b')).toBe(false);
    expect(unifyCollisionChars('a.b_c.d')).toBe('a_b_c_d');
    expect(hasCollision('a.b', 'a_b')).toBe(true);
    expect(hasCollision('a.b', 'a-b')).toBe(false);
    expect(collidingTopics('a.b', ['a_b', 'x', 'a.b', 'a-b'])).toEqual(['a_b', 'a.b']);
  });

  it("reports a collision with Kafka's message, listing every colliding topic", () => {
    const e = topicExistenceError('a.b', ['a_b', 'other']);
    expect(e?.errorName).toBe('INVALID_TOPIC_EXCEPTION');
    expect(e?.message).toBe("Topic 'a.b' collides with existing topics: a_b");
    expect(topicExistenceError('a.b_c', ['a_b.c', 'a.b.c'])?.message).toBe("Topic 'a.b_c' collides with existing topics: a_b.c, a.b.c");
  });

  it('reports an existing topic as TOPIC_ALREADY_EXISTS, before any collision', () => {
    const e = topicExistenceError('a.b', ['a_b', 'a.b']);
    expect(e?.errorName).toBe('TOPIC_ALREADY_EXISTS');
    expect(e?.message).toBe("Topic 'a.b' already exists.");
    expect(topicExistenceError('fresh', ['other'])).toBeNull();
  });
});
