import type { CommandArguments } from "../../discord/command-arguments.js";
import type { ServerActor } from "../../discord/interaction-handlers.js";
import type { InteractionResponder } from "../../discord/interaction-responder.js";
import type { setupCommand } from "./data.js";

export type SetupArguments = CommandArguments<typeof setupCommand>;

/** The typed arguments of one `/setup` group (`undefined`: the subcommands outside any group). */
export type SetupGroupArguments<Group extends SetupArguments["group"]> = Extract<
  SetupArguments,
  { readonly group: Group }
>;

/** The typed options of one `/setup` subcommand, from the command's data. */
export type SetupOptionsOf<
  Group extends SetupArguments["group"],
  Name extends SetupGroupArguments<Group>["subcommand"],
> = Extract<SetupGroupArguments<Group>, { readonly subcommand: Name }>["options"];

/** What a subcommand needs from the interaction: who asked, how to answer, and the interaction's id. */
export interface SubcommandContext {
  readonly actor: ServerActor;
  readonly responder: InteractionResponder;
  readonly interactionId: string;
}
