import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { App } from './app.js';
import type { IngestMessage } from './ingest-process.js';
import { loggedProgress } from './ingest/progress.js';
import { SOURCE_PROFILES } from './ingest/source-profiles.js';
import { soonestCheck } from './store/upstream-state.js';

/** The longest the schedule sleeps: a source whose check failed is due again within 30 minutes. */
const MAX_WAKE_MS = 30 * 60_000;
/** The shortest: a source due at once waits this long, so a failing publisher is not hammered. */
const MIN_WAKE_MS = 5_000;
/** After a run found another process holding the ingest lock: that run may take minutes. */
const BUSY_WAKE_MS = 60_000;

interface RefreshRun {
  /** Another process (a replica, `lmi ingest`) held the ingest lock: nothing ran here. */
  busy: boolean;
}

/**
 * Looks for new releases while the server runs: every LMI_REFRESH_INTERVAL (with a tenth of
 * jitter either way, so replicas do not wake together), and sooner for a source whose last check
 * failed. Each run is a child process (src/ingest-process.ts) that takes the ingest lock, so one
 * runs at a time across replicas, and reads only the sources that are due. A release it
 * publishes reaches every replica through the store (`CurrentEditions` re-reads it): no restart.
 */
export class RefreshSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RefreshRun> | null = null;
  private child: ChildProcess | null = null;
  private stopped = false;
  private lastBusy = false;

  constructor(
    private readonly app: App,
    private readonly intervalMs: number | null,
    private readonly onSourceDone: () => void,
  ) {}

  /** Starts the timer (nothing when the interval is off): it wakes when the soonest source is due. */
  start(): void {
    if (this.intervalMs === null || this.stopped) return;
    void this.nextWake(Math.min(this.intervalMs, MAX_WAKE_MS)).then((wait) => this.wakeAfter(wait));
  }

  /** The wait until the soonest next check (a failed source's retry comes in seconds), at most `period`. */
  private async nextWake(period: number): Promise<number> {
    const jittered = Math.round(period * (0.9 + 0.2 * Math.random()));
    const keys = SOURCE_PROFILES.map((p) => p.key);
    const soonest = await soonestCheck(this.app.services.store.db, keys).catch(() => null);
    if (soonest === null) return jittered;
    const least = this.lastBusy ? BUSY_WAKE_MS : MIN_WAKE_MS;
    return Math.max(least, Math.min(jittered, Date.parse(soonest) - Date.now()));
  }

  private wakeAfter(wait: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runNow(true)
        .then((run) => {
          this.lastBusy = run.busy;
        })
        .catch((error: unknown) => this.app.log.error({ err: error }, 'refresh failed'))
        .finally(() => this.start());
    }, wait);
    this.timer.unref();
  }

  /** One refresh now (`dueOnly`: only the sources whose next check has come); a second call joins the running one. */
  runNow(dueOnly: boolean): Promise<RefreshRun> {
    this.running ??= this.fork(dueOnly).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.child?.kill();
  }

  private fork(dueOnly: boolean): Promise<RefreshRun> {
    // From source under tsx the child needs tsx's loader too.
    const fromSource = import.meta.url.endsWith('.ts');
    const entry = fileURLToPath(new URL(fromSource ? './ingest-process.ts' : './ingest-process.js', import.meta.url));
    const child = fork(entry, dueOnly ? ['--due-only'] : [], {
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    this.child = child;
    // The server exiting stops a refresh still running; the next start resumes it.
    const kill = () => child.kill();
    process.once('exit', kill);
    child.once('exit', () => process.removeListener('exit', kill));
    const { app } = this;
    let done = false;
    let busy = false;
    child.on('message', (message: IngestMessage) => {
      if (message.kind === 'started') app.log.info({ upstream: message.upstream, dueOnly }, 'ingest started');
      else if (message.kind === 'source') {
        loggedProgress(app.log).sourceDone(message.result);
        if (message.result.documents)
          app.metrics?.countDiscoveryDocuments(message.result.sourceKey, message.result.documents);
        this.onSourceDone();
      } else if (message.kind === 'busy') {
        busy = done = true;
        app.log.info('another ingest holds the lock: this refresh waits for the next one');
      } else done = true;
    });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        this.child = null;
        if (done) resolve({ busy });
        else reject(new Error(`the ingest process stopped (${signal ?? `exit code ${code}`})`));
      });
    });
  }
}
