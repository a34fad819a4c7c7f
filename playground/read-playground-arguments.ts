/** What `npm run playground -- …` was asked for. */
export interface PlaygroundArguments {
  /** A file of playground lines to run instead of the prompt. */
  readonly scriptPath: string | undefined;
  /** `--http`: the fake Discord POSTs interactions to the bot's /interactions (docs/architecture.md, "Growing past one machine"). */
  readonly interactionsMode: "gateway" | "http";
  /** The page in a browser (default), or the text prompt (`--terminal`, or a script file). */
  readonly view: "web" | "terminal";
  /** `--port=N`: where the page is served; a free port when left out. */
  readonly port: number | undefined;
  /** `--open`: the page's address is opened in the default browser once it is ready. */
  readonly open: boolean;
}

export const playgroundUsage = `Usage: npm run playground [-- [--terminal] [--http] [--port=N] [--open] [script.txt]]
  (nothing)    serve the page on 127.0.0.1 and print its address
  --open       also open that address in the default browser
  --terminal   a text prompt instead of the page
  script.txt   run the lines of a file instead of the prompt
  --http       interactions over HTTP (INTERACTIONS_MODE=http): no gateway; the local Discord POSTs them,
               signed, to the bot's /interactions
  --port=N     serve the page on port N`;

const portFlag = /^--port=(\d{1,5})$/;
const plainFlags = new Set(["--http", "--terminal", "--open"]);

/** Reads the command line; undefined when it makes no sense, so the caller prints the usage. */
export function readPlaygroundArguments(argv: readonly string[]): PlaygroundArguments | undefined {
  const flags = argv.filter((argument) => argument.startsWith("-"));
  const paths = argv.filter((argument) => !argument.startsWith("-"));
  const known = (flag: string) => plainFlags.has(flag) || portFlag.test(flag);
  if (!flags.every(known) || paths.length > 1) return undefined;
  const portText = flags.map((flag) => portFlag.exec(flag)?.[1]).find((match) => match !== undefined);
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  const terminal = flags.includes("--terminal") || paths.length === 1;
  const open = flags.includes("--open");
  // The prompt serves no page, so there is no port to choose and no address to open.
  if (terminal && (port !== undefined || open)) return undefined;
  return {
    scriptPath: paths[0],
    interactionsMode: flags.includes("--http") ? "http" : "gateway",
    view: terminal ? "terminal" : "web",
    port,
    open,
  };
}
