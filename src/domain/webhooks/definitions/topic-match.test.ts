import { describe, expect, it } from 'vitest';
import { matchesTopic, SUBSCRIBING_FORMS, subscribingTopics, topicProblem, TOPIC_ACTIONS } from './topic-match.ts';

describe('webhook topics', () => {
  it('accepts <Type>.<action> for every type and its actions, and the wildcards', () => {
    for (const [type, actions] of Object.entries(TOPIC_ACTIONS)) {
      for (const action of actions) expect(topicProblem(`${type}.${action}`)).toBeUndefined();
      expect(topicProblem(`${type}.*`)).toBeUndefined();
    }
    for (const topic of ['*.*', '*.publish', '*.auto_save', '*.archive']) expect(topicProblem(topic)).toBeUndefined();
  });

  it('refuses malformed topics, unknown types and actions a type does not have', () => {
    for (const topic of [
      '',
      'Entry',
      'Entry.',
      '.publish',
      'Entry.publish.now',
      'entry.publish',
      'Space.create',
      'Entry.launch',
      'ContentType.auto_save',
      'ContentType.archive',
      'ContentType.unarchive',
      '*.launch',
      'Entry.**',
      '**.*',
    ]) {
      expect(topicProblem(topic), topic).toBeTypeOf('string');
    }
  });

  it('matches a type and an action exactly, or through a wildcard', () => {
    expect(matchesTopic(['Entry.publish'], 'Entry', 'publish')).toBe(true);
    expect(matchesTopic(['Entry.publish'], 'Entry', 'unpublish')).toBe(false);
    expect(matchesTopic(['Entry.publish'], 'Asset', 'publish')).toBe(false);
    expect(matchesTopic(['Entry.*'], 'Entry', 'auto_save')).toBe(true);
    expect(matchesTopic(['Entry.*'], 'ContentType', 'save')).toBe(false);
    expect(matchesTopic(['*.save'], 'ContentType', 'save')).toBe(true);
    expect(matchesTopic(['*.save'], 'Asset', 'create')).toBe(false);
    expect(matchesTopic(['Asset.delete', 'ContentType.create'], 'ContentType', 'create')).toBe(true);
    expect(matchesTopic([], 'Entry', 'save')).toBe(false);
  });

  it('lets *.* include events added later', () => {
    expect(matchesTopic(['*.*'], 'Entry', 'publish')).toBe(true);
    expect(matchesTopic(['*.*'], 'Release', 'execute')).toBe(true);
    expect(matchesTopic(['Entry.*'], 'Entry', 'some_future_action')).toBe(true);
  });

  it('names the topics that subscribe to an event once, for the matcher and the dispatch claim alike', () => {
    expect(subscribingTopics('Entry', 'publish')).toEqual(['Entry.publish', 'Entry.*', '*.publish', '*.*']);
    expect(SUBSCRIBING_FORMS).toHaveLength(4);
    // Nothing else subscribes: a topic that only looks like one does not match.
    expect(matchesTopic(['Entry', 'Entry.', '.publish', 'Entry.publish.x', 'entry.publish'], 'Entry', 'publish')).toBe(
      false,
    );
  });
});
