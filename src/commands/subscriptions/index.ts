import type { CommandGroup } from "../command-group.js";
import { subscriptionListPages } from "./subscription-list-pages.js";
import { subscriptions } from "./subscriptions-command.js";

/** The /subscriptions command (admin). */
export const subscriptionsHandlers: CommandGroup = {
  commands: [subscriptions],
  components: [],
  modals: [],
  lists: [subscriptionListPages],
};
