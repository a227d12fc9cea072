/**
 * What every server action module imports: a server action runs in a module graph of its own,
 * so the domain-event subscribers are installed here on import, as lib/http/route.ts installs
 * them for route handlers (a service that publishes an event refuses to run without them); and
 * `actionFailureMessage`, the one sentence an action answers for a failure.
 */
import "server-only";
import { isAppError } from "@/lib/errors";
import { logger } from "@/lib/logger";
import { installSubscribers } from "@/lib/services/subscribers";
import { messages } from "@/lib/validations/messages";

installSubscribers();

/**
 * The message a server action shows for `err`: an AppError's own sentence; anything else is
 * logged (by its name only, never its data) and shown as the generic server message.
 */
export function actionFailureMessage(err: unknown, action: string): string {
  if (isAppError(err)) return err.message;
  logger.error("server action failed", { action, error: err instanceof Error ? err.name : typeof err });
  return messages.generic.server;
}
