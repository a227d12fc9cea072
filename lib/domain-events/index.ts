/**
 * Domain events: what happened to a payment, a gift or a recurring gift, published by the
 * service that made it happen, inside the transaction that made it happen, to the features
 * that react to it (receipts, pledges, recurring schedules, outgoing webhooks, page refresh),
 * each subscribing from its own folder. The publisher knows none of them, so imports between
 * the folders of lib/services point one way (docs/engineering.md, "As the codebase grows":
 * "Imports between folders of lib/ point one way").
 *
 * - Every event's name and payload is declared in one place, ./events.ts ({@link DomainEventMap}).
 * - `phase: "transaction"` subscribers run in the publisher's transaction, in the order they
 *   were subscribed, and their writes commit or roll back with it: an effect published once
 *   happens once (docs/decisions/0004-exactly-once-payment-events.md).
 * - `phase: "afterCommit"` subscribers run once the publisher's transaction has committed
 *   (refreshing cached pages must not show a state that could still roll back); their errors
 *   are logged, never thrown back to the payer.
 * - Subscribers are installed once per module graph (lib/services/subscribers.ts, imported by
 *   the request layer, the server start-up and the test setup). Publishing before that throws:
 *   an effect must never be skipped because nobody listened.
 */
import type { Executor } from "@/lib/db/client";
import { logger } from "@/lib/logger";
import type { DomainEventMap } from "./events";

export type * from "./events";

export type DomainEventName = keyof DomainEventMap;
export type DomainEvent = { [K in DomainEventName]: { type: K; payload: DomainEventMap[K] } }[DomainEventName];

type InTransaction<K extends DomainEventName> = (tx: Executor, payload: DomainEventMap[K]) => Promise<void>;
type AfterCommit<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

type Subscriber = { phase: "transaction"; run: InTransaction<DomainEventName>; name: string } | { phase: "afterCommit"; run: AfterCommit<DomainEventName>; name: string };

const subscribers = new Map<DomainEventName, Subscriber[]>();
let installed = false;

/**
 * Subscribe `run` to `type`, in the publisher's transaction. `name` identifies the subscriber
 * in logs and makes a second subscription of the same name a no-op (a module evaluated twice).
 */
export function subscribe<K extends DomainEventName>(type: K, name: string, run: InTransaction<K>): void {
  add(type, { phase: "transaction", run: run as InTransaction<DomainEventName>, name });
}

/** Subscribe `run` to `type`, after the publisher's transaction has committed (see the module comment). */
export function subscribeAfterCommit<K extends DomainEventName>(type: K, name: string, run: AfterCommit<K>): void {
  add(type, { phase: "afterCommit", run: run as AfterCommit<DomainEventName>, name });
}

function add(type: DomainEventName, subscriber: Subscriber): void {
  const list = subscribers.get(type) ?? [];
  if (list.some((s) => s.name === subscriber.name && s.phase === subscriber.phase)) return;
  list.push(subscriber);
  subscribers.set(type, list);
}

/** Mark the subscribers as installed (lib/services/subscribers.ts, once they have all subscribed). */
export function markSubscribersInstalled(): void {
  installed = true;
}

/**
 * The events one transaction publishes: `publish` runs the in-transaction subscribers at once;
 * `afterCommit()`, called by the publisher once its transaction has committed, runs the others.
 */
export class DomainEventBatch {
  private readonly pending: DomainEvent[] = [];

  /**
   * Publish `type` with `payload` in `tx`.
   * @throws Error when no subscribers were installed in this module graph; whatever a
   *   subscriber throws (the publisher's transaction then rolls back).
   */
  async publish<K extends DomainEventName>(tx: Executor, type: K, payload: DomainEventMap[K]): Promise<void> {
    if (!installed) throw new Error(`Domain event ${String(type)} published before the subscribers were installed (import lib/services/subscribers).`);
    for (const s of subscribers.get(type) ?? []) {
      if (s.phase === "transaction") await s.run(tx, payload);
    }
    if ((subscribers.get(type) ?? []).some((s) => s.phase === "afterCommit")) this.pending.push({ type, payload } as DomainEvent);
  }

  /** Run the after-commit subscribers of everything published (once; errors are logged). */
  async afterCommit(): Promise<void> {
    const events = this.pending.splice(0);
    for (const event of events) {
      for (const s of subscribers.get(event.type) ?? []) {
        if (s.phase !== "afterCommit") continue;
        try {
          await s.run(event.payload);
        } catch (err) {
          logger.error("after-commit subscriber failed", { event: event.type, subscriber: s.name, error: err instanceof Error ? err.message : String(err) });
        }
      }
    }
  }
}

/**
 * Publish one event in `tx` outside a batch, for events that have no after-commit subscriber.
 * @throws Error when `type` has an after-commit subscriber (publish it through a
 *   {@link DomainEventBatch}, whose afterCommit() the publisher calls after its commit).
 */
export async function publish<K extends DomainEventName>(tx: Executor, type: K, payload: DomainEventMap[K]): Promise<void> {
  if ((subscribers.get(type) ?? []).some((s) => s.phase === "afterCommit")) throw new Error(`Domain event ${String(type)} has after-commit subscribers: publish it through a DomainEventBatch.`);
  await new DomainEventBatch().publish(tx, type, payload);
}
