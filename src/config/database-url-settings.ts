// DATABASE_URL (README, "Settings"): which database the bot opens. Checked with the other settings, so a value
// createDb (src/store/create-db.ts) could not open is listed at start instead of failing there with a stack
// trace. The messages never repeat the value: a postgres:// URL may hold a password.
import { fileURLToPath } from "node:url";
import { parse as parsePostgresUrl } from "pg-connection-string";

const accepted = "must be file:<path>, :memory: or postgres://…";

/** What is wrong with `url` as DATABASE_URL, or undefined when createDb can open it. */
export function describeDatabaseUrlProblem(url: string): string | undefined {
  if (!/^(file:|postgres(ql)?:\/\/|:memory:$)/.test(url)) return `DATABASE_URL: ${accepted}`;
  if (!url.startsWith("file:")) return url === ":memory:" ? undefined : describePostgresUrlProblem(url);
  let filePath: string;
  if (url.startsWith("file://")) {
    try {
      filePath = fileURLToPath(url);
    } catch {
      return "DATABASE_URL: a file:// URL must name a file on this machine, with no host (file:///var/lib/bot/bot.sqlite), or use file:<path>";
    }
  } else {
    filePath = url.slice("file:".length);
  }
  if (filePath.trim() === "")
    return "DATABASE_URL: file: needs the SQLite file's path, e.g. file:./data/bot.sqlite";
  if (/[/\\]$/.test(filePath)) {
    return "DATABASE_URL: names a folder; give the SQLite file's path, e.g. file:./data/bot.sqlite";
  }
  return undefined;
}

/**
 * Read by the parser the PostgreSQL client reads it with, which throws a bare "Invalid URL" naming no
 * setting. The usual cause is a password holding `#`, `?` or `/`, which end the URL's authority unless
 * percent-encoded. Its other refusals (an SSL file it cannot read, say) are left to the connection, which
 * names them.
 */
function describePostgresUrlProblem(url: string): string | undefined {
  try {
    parsePostgresUrl(url);
    return undefined;
  } catch (error) {
    if (!(error instanceof TypeError)) return undefined;
    return "DATABASE_URL: is not a URL the PostgreSQL client can read; a user name or password holding #, ? or / must percent-encode it (# as %23, ? as %3F, / as %2F), and a port must be a number up to 65535";
  }
}
