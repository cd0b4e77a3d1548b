// Signals between the server processes that share one PostgreSQL (docs/scaling.md, D61): a change one process
// makes is told to every process, which drops what it kept in memory that the change made stale. PostgreSQL
// LISTEN/NOTIFY carries them, over one listening connection per process; the embedded database has one process,
// where a signal goes straight to this process's listeners.
import type { Client, Notification } from 'pg';

/** The channels, with what their payload says. */
export type Channels = {
  /** Identity data changed (sessions, users, roles, grants, clearance): identity caches empty. Payload unused. */
  kb_identity: '';
  /** Sessions ended: answers streaming to them stop. Payload: JSON of `Revoked` (server/identity/session-watch.ts). */
  kb_sessions: string;
  /** 停止 was asked for a dialogue: the process streaming its answer stops it. Payload: the dialogue id. */
  kb_chat_stop: string;
  /** 取消 was asked for a running tool call: the process running it aborts it. Payload: JSON of `{ owner, id }`. */
  kb_tool_cancel: string;
};
export type Channel = keyof Channels;
const CHANNELS: Channel[] = ['kb_identity', 'kb_sessions', 'kb_chat_stop', 'kb_tool_cancel'];

type Listener = (payload: string) => void;

export type Notifier = {
  /** Tells every process (this one too). On PostgreSQL it answers once the signal is committed. */
  publish<C extends Channel>(channel: C, payload: Channels[C]): Promise<void>;
  /** Listens to a channel; returns the function that stops listening. */
  on(channel: Channel, listener: Listener): () => void;
  /**
   * Called when signals may have been missed (the listening connection was lost): whoever keeps data in memory
   * drops all of it. Returns the function that stops listening.
   */
  onReset(listener: () => void): () => void;
  /**
   * Answers once every signal committed before the call has reached this process's listeners, or false when that
   * cannot be known now (no listening connection: keep nothing in memory). Concurrent callers share one round
   * trip: each waits for a round trip that started after its call.
   */
  sync(): Promise<boolean>;
  /** Whether signals from other processes can arrive at all (false: the embedded database, one process). */
  readonly shared: boolean;
  close(): Promise<void>;
};

class Listeners {
  private readonly byChannel = new Map<Channel, Set<Listener>>();
  private readonly resets = new Set<() => void>();

  on(channel: Channel, listener: Listener): () => void {
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  onReset(listener: () => void): () => void {
    this.resets.add(listener);
    return () => void this.resets.delete(listener);
  }

  emit(channel: string, payload: string): void {
    for (const listener of this.byChannel.get(channel as Channel) ?? []) listener(payload);
  }

  reset(): void {
    for (const listener of this.resets) listener();
  }
}

/** The embedded database: one process, so a signal is delivered here, at once. */
export function localNotifier(): Notifier {
  const listeners = new Listeners();
  return {
    shared: false,
    publish: async (channel, payload) => listeners.emit(channel, payload),
    on: (channel, listener) => listeners.on(channel, listener),
    onReset: (listener) => listeners.onReset(listener),
    sync: async () => true,
    close: async () => undefined,
  };
}

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/**
 * PostgreSQL: `publish` runs `pg_notify` on the pool (`query`); one client of its own LISTENs to every channel,
 * opened at the first `on` or `sync` and opened again when lost (after telling `onReset` listeners).
 */
export function postgresNotifier(connect: () => Promise<Client>, query: (text: string, values: unknown[]) => Promise<unknown>): Notifier {
  const listeners = new Listeners();
  let client: Client | null = null;
  let opening: Promise<Client> | null = null;
  let closed = false;
  let failures = 0;
  let inFlight: Promise<boolean> | null = null;
  let next: Promise<boolean> | null = null;

  const lost = (dead: Client) => {
    if (client !== dead) return;
    client = null;
    void dead.end().catch(() => undefined);
    // Whatever was signalled while nobody listened is unknown: everything kept goes.
    listeners.reset();
    if (!closed) setTimeout(() => void open().catch(() => undefined), RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]).unref();
  };

  function open(): Promise<Client> {
    if (client) return Promise.resolve(client);
    opening ??= (async () => {
      const c = await connect();
      try {
        c.on('notification', (n: Notification) => listeners.emit(n.channel, n.payload ?? ''));
        c.on('error', () => lost(c));
        c.on('end', () => lost(c));
        await c.query(CHANNELS.map((ch) => `listen ${ch}`).join('; '));
      } catch (err) {
        await c.end().catch(() => undefined);
        throw err;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        throw new Error('notifier closed');
      }
      client = c;
      failures = 0;
      // Signals sent before this connection listened were missed.
      listeners.reset();
      return c;
    })().catch((err: unknown) => {
      failures++;
      if (!closed) setTimeout(() => void open().catch(() => undefined), RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)]).unref();
      throw err;
    }).finally(() => {
      opening = null;
    });
    return opening;
  }

  // A round trip on the listening connection: PostgreSQL sends a listener the signals committed before its query
  // ran ahead of the query's answer, so when it answers they have all been handed to `listeners`.
  async function roundTrip(): Promise<boolean> {
    if (closed) return false;
    const c = client;
    if (!c) {
      void open().catch(() => undefined);
      return false;
    }
    try {
      await c.query('select 1');
      return client === c;
    } catch {
      return false;
    }
  }

  return {
    shared: true,
    publish: async (channel, payload) => {
      await query('select pg_notify($1, $2)', [channel, payload]);
    },
    on: (channel, listener) => {
      void open().catch(() => undefined);
      return listeners.on(channel, listener);
    },
    onReset: (listener) => listeners.onReset(listener),
    sync: () => {
      if (!inFlight) {
        inFlight = roundTrip().finally(() => {
          inFlight = null;
        });
        return inFlight;
      }
      next ??= inFlight.then(() => {
        next = null;
        inFlight = roundTrip().finally(() => {
          inFlight = null;
        });
        return inFlight;
      });
      return next;
    },
    close: async () => {
      closed = true;
      const c = client ?? (await opening?.catch(() => null)) ?? null;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
