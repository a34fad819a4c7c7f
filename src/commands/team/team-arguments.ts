import type { CommandArguments } from "../../discord/command-arguments.js";
import type { teamCommand } from "./data.js";

/** The typed options of one `/team` subcommand, from the command's data. */
export type TeamOptions<Name extends string> = Extract<
  CommandArguments<typeof teamCommand>,
  { readonly subcommand: Name }
>["options"];
