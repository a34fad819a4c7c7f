/** What `npm run playground -- …` was asked for. */
export interface PlaygroundArguments {
  /** A file of playground lines to run instead of the prompt. */
  readonly scriptPath: string | undefined;
  /** `--http`: the fake Discord POSTs interactions to the bot's /interactions (docs/architecture.md, "Growing past one machine"). */
  readonly interactionsMode: "gateway" | "http";
}

export const playgroundUsage = `Usage: npm run playground [-- [--http] [script.txt]]
  script.txt   run the lines of a file instead of the prompt
  --http       interactions over HTTP (INTERACTIONS_MODE=http): no gateway; the local Discord POSTs them,
               signed, to the bot's /interactions`;

/** Reads the command line; undefined when it makes no sense, so the caller prints the usage. */
export function readPlaygroundArguments(argv: readonly string[]): PlaygroundArguments | undefined {
  const flags = argv.filter((argument) => argument.startsWith("-"));
  const paths = argv.filter((argument) => !argument.startsWith("-"));
  if (flags.some((flag) => flag !== "--http") || paths.length > 1) return undefined;
  return { scriptPath: paths[0], interactionsMode: flags.includes("--http") ? "http" : "gateway" };
}
