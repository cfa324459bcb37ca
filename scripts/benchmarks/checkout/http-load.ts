// BENCH_TRANSPORT=http: the timed requests come over real HTTP on loopback from a process of their own, so the
// client's work (fetch, its sockets) is neither on the app's event loop nor in the app's CPU time.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { httpTransport, transportDriver, type Driver, type OrderTiming, type PreparedOrder } from './requests';

const CHILD_FLAG = '--bench-checkout-http-load';

type Request = { op: 'load'; orders: PreparedOrder[] } | { op: 'pay' | 'redeliver'; concurrency: number };
type Command = Request & { id: number };
type Reply = { id: number; result?: OrderTiming[] | string[] | null; error?: string };

/** Starts the load process; it sends to `origin` (http://127.0.0.1:port). */
export function startHttpLoad(origin: string): Driver {
  // The same flags as this process (tsx's loader among them), so the child runs TypeScript too.
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [CHILD_FLAG, origin], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.error !== undefined) entry?.reject(new Error(reply.error));
    else entry?.resolve(reply.result);
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`the HTTP load process ended (${code})`));
    waiting.clear();
  });
  const ask = <T>(command: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...command, id });
    });
  let loaded: PreparedOrder[] | undefined;
  const load = async (orders: PreparedOrder[]) => {
    if (loaded !== orders) await ask<null>({ op: 'load', orders });
    loaded = orders;
  };
  return {
    // The orders (signed payloads, cookies) travel ahead, so the timed call carries only the word to go.
    prepare: load,
    async payAll(orders, concurrency) {
      await load(orders);
      return ask<OrderTiming[]>({ op: 'pay', concurrency });
    },
    async redeliverAll(orders, concurrency) {
      await load(orders);
      return ask<string[]>({ op: 'redeliver', concurrency });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

function runChild(origin: string): void {
  const driver = transportDriver(httpTransport(origin));
  let orders: PreparedOrder[] = [];
  process.on('message', (command: Command) => {
    const answer = async (): Promise<Reply['result']> => {
      if (command.op === 'load') {
        orders = command.orders;
        return null;
      }
      return command.op === 'pay'
        ? driver.payAll(orders, command.concurrency)
        : driver.redeliverAll(orders, command.concurrency);
    };
    answer().then(
      (result) => process.send?.({ id: command.id, result } satisfies Reply),
      (error: unknown) => process.send?.({ id: command.id, error: String(error) } satisfies Reply),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.argv[2] === CHILD_FLAG && process.argv[3]) runChild(process.argv[3]);
