import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Edition } from '../../src/domain/editions.js';
import type { SourceKey } from '../../src/domain/sources.js';
import { EditionsMemos } from '../../src/queries/editions-memo.js';

/** Published editions as CurrentEditions hands them out: one list until a change, listeners told of the new one. */
class Editions {
  private list: Edition[] = [];
  private readonly listeners: Array<(editions: readonly Edition[]) => void> = [];

  all(): Promise<Edition[]> {
    return Promise.resolve(this.list);
  }

  onChange(listener: (editions: readonly Edition[]) => void): void {
    this.listeners.push(listener);
  }

  /** Makes `id` the current edition of `source` (its previous one superseded). */
  publish(source: SourceKey, id: string): void {
    const edition = { id, sourceKey: source, status: 'published', label: id } as Edition;
    this.list = [edition, ...this.list.filter((e) => e.sourceKey !== source)];
    for (const listener of this.listeners) listener(this.list);
  }
}

/** A build that says which editions it was given, and waits until `release()` when held. */
function recorder(sources: readonly SourceKey[]) {
  const built: string[] = [];
  let held: Array<() => void> | null = null;
  let failures = 0;
  return {
    built,
    hold: () => (held = []),
    release: () => {
      for (const go of held ?? []) go();
      held = null;
    },
    failNext: () => failures++,
    /** The build of a memo of one value. */
    whole: (editions: Record<string, Edition | null>) => build(editions),
    build,
  };
  async function build(editions: Record<string, Edition | null>, part = ''): Promise<string> {
    const key = sources.map((s) => editions[s]?.id ?? '-').join('+') + (part ? `/${part}` : '');
    built.push(key);
    if (held) await new Promise<void>((go) => held!.push(go));
    if (failures > 0) {
      failures--;
      throw new Error(`could not build ${key}`);
    }
    return `value of ${key}`;
  }
}

describe('EditionsMemos', () => {
  it('builds once for concurrent first requests, and keeps the value for the same editions', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    const r = recorder(['soc2020-index']);
    const memo = new EditionsMemos(editions).memo({ name: 'index', sources: ['soc2020-index'], build: r.whole });
    r.hold();
    const both = Promise.all([memo.get(), memo.get()]);
    await new Promise((resolve) => setImmediate(resolve));
    r.release();
    assert.deepEqual(await both, ['value of index-1', 'value of index-1']);
    assert.equal(await memo.get(), 'value of index-1');
    assert.deepEqual(r.built, ['index-1'], 'one build, however many asked while it ran');
  });

  it('forgets a failed build, so the next request builds again', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    const r = recorder(['soc2020-index']);
    const memo = new EditionsMemos(editions).memo({ name: 'index', sources: ['soc2020-index'], build: r.whole });
    r.failNext();
    await assert.rejects(memo.get(), /could not build index-1/);
    assert.equal(await memo.get(), 'value of index-1');
    assert.deepEqual(r.built, ['index-1', 'index-1']);
  });

  it('passes the current edition of each source named (null where none), and keys the value by them', async () => {
    const editions = new Editions();
    editions.publish('esco-skills', 'skills-1');
    const r = recorder(['esco-skills', 'esco-occupations']);
    const memo = new EditionsMemos(editions).memo({
      name: 'skills',
      sources: ['esco-skills', 'esco-occupations'],
      build: r.whole,
    });
    assert.equal(await memo.get(), 'value of skills-1+-');
    editions.publish('esco-occupations', 'occupations-1');
    assert.equal(await memo.get(), 'value of skills-1+occupations-1');
  });

  it('drops a value when an edition it names changes, and keeps it when another source changes', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    editions.publish('ashe-table14', 'ashe-1');
    const r = recorder(['soc2020-index']);
    const memo = new EditionsMemos(editions).memo({ name: 'index', sources: ['soc2020-index'], build: r.whole });
    assert.equal(await memo.get(), 'value of index-1');
    editions.publish('ashe-table14', 'ashe-2');
    assert.equal(await memo.get(), 'value of index-1');
    assert.deepEqual(r.built, ['index-1'], 'another source’s edition is not this value’s');
    editions.publish('soc2020-index', 'index-2');
    assert.equal(await memo.get(), 'value of index-2');
    assert.deepEqual(r.built, ['index-1', 'index-2']);
  });

  it('keys a memo that reads another by the sources of both, so either one’s change rebuilds it', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    editions.publish('esco-skills', 'skills-1');
    const memos = new EditionsMemos(editions);
    const inner = memos.memo({ name: 'index', sources: ['soc2020-index'], build: recorder(['soc2020-index']).whole });
    const outer = recorder(['esco-skills']);
    const memo = memos.memo({
      name: 'profiles',
      sources: ['esco-skills'],
      reads: [inner],
      build: async (e) => `${await outer.whole(e)} over ${await inner.get()}`,
    });
    assert.equal(await memo.get(), 'value of skills-1 over value of index-1');
    editions.publish('soc2020-index', 'index-2');
    assert.equal(await memo.get(), 'value of skills-1 over value of index-2');
    assert.deepEqual(outer.built, ['skills-1', 'skills-1']);
  });

  it('keeps a value per part, all dropped together when the editions change', async () => {
    const editions = new Editions();
    editions.publish('ashe-table14', 'ashe-1');
    const r = recorder(['ashe-table14']);
    const memo = new EditionsMemos(editions).memo<'ashe-table14', string, string>({
      name: 'pay',
      sources: ['ashe-table14'],
      build: r.build,
    });
    assert.equal(await memo.get('2134'), 'value of ashe-1/2134');
    assert.equal(await memo.get('2136'), 'value of ashe-1/2136');
    assert.equal(await memo.get('2134'), 'value of ashe-1/2134');
    editions.publish('ashe-table14', 'ashe-2');
    assert.equal(await memo.get('2134'), 'value of ashe-2/2134');
    assert.deepEqual(
      r.built,
      ['ashe-1/2134', 'ashe-1/2136', 'ashe-2/2134'],
      'a part is not built again before a change',
    );
  });

  it('warms the warm list in the order declared, and after a change rebuilds at once the warm values in use', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    editions.publish('esco-skills', 'skills-1');
    const memos = new EditionsMemos(editions);
    const order: string[] = [];
    const search = recorder(['soc2020-index']);
    const cold = recorder(['soc2020-index']);
    const profiles = recorder(['esco-skills']);
    const searchMemo = memos.memo({ name: 'search', sources: ['soc2020-index'], warm: true, build: search.whole });
    memos.memo({ name: 'cold', sources: ['soc2020-index'], build: cold.whole });
    memos.memo({ name: 'profiles', sources: ['esco-skills'], warm: true, build: profiles.whole });
    assert.deepEqual(memos.warmList, ['search', 'profiles']);
    profiles.failNext();
    await memos.warm((name, _ms, error) => order.push(`${name}${error ? ' failed' : ''}`));
    assert.deepEqual(order, ['search', 'profiles failed'], 'each in turn; a failure does not stop the rest');
    assert.deepEqual([search.built, cold.built], [['index-1'], []], 'a memo not on the list is built when asked');

    editions.publish('soc2020-index', 'index-2');
    assert.deepEqual(search.built, ['index-1', 'index-2'], 'rebuilt as the change is seen, before any request');
    assert.equal(await searchMemo.get(), 'value of index-2');
    assert.deepEqual(search.built, ['index-1', 'index-2']);
    editions.publish('esco-skills', 'skills-2');
    assert.deepEqual(
      profiles.built,
      ['skills-1'],
      'a warm memo with no value (its warm-up failed) waits for a request',
    );
  });
  it('serves the previous value while a declared-stale memo rebuilds, then the new one; a failed rebuild keeps the old', async () => {
    const editions = new Editions();
    editions.publish('soc2020-index', 'index-1');
    const r = recorder(['soc2020-index']);
    const memo = new EditionsMemos(editions).memo({
      name: 'search',
      sources: ['soc2020-index'],
      stale: true,
      build: r.whole,
    });
    // Before the first build: the request waits for it (nothing older to answer from).
    r.hold();
    const first = memo.serve();
    await new Promise((resolve) => setImmediate(resolve));
    r.release();
    assert.deepEqual(await first, { value: 'value of index-1', stale: false });

    editions.publish('soc2020-index', 'index-2');
    r.hold();
    assert.deepEqual(await memo.serve(), { value: 'value of index-1', stale: true }, 'answered while index-2 builds');
    assert.deepEqual(await memo.serve(), { value: 'value of index-1', stale: true });
    const waiting = memo.get();
    r.release();
    assert.equal(await waiting, 'value of index-2', 'get() waits for the current editions');
    assert.deepEqual(await memo.serve(), { value: 'value of index-2', stale: false });
    assert.deepEqual(r.built, ['index-1', 'index-2'], 'one rebuild, however many were served meanwhile');

    editions.publish('soc2020-index', 'index-3');
    r.failNext();
    assert.deepEqual(await memo.serve(), { value: 'value of index-2', stale: true });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      await memo.serve(),
      { value: 'value of index-2', stale: true },
      'the failure forgotten, the old value kept',
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(await memo.serve(), { value: 'value of index-3', stale: false });
    assert.deepEqual(r.built, ['index-1', 'index-2', 'index-3', 'index-3']);
  });
});
