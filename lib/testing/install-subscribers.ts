/**
 * Jest setup (jest.config.mjs `setupFiles`): tests call services directly, without the request
 * layer or the server start-up that install the domain-event subscribers in the app.
 */
import { installSubscribers } from "@/lib/services/subscribers";

installSubscribers();
