// A platform whose users, problems and tournaments are named with hostile text (test/support/hostile-text.ts),
// for the end-to-end check that the bot shows all of it as inert text. The platform's API renames nothing,
// so problem and tournament titles are set in the sandbox's state, which tests drive directly
// (sandbox/README.md, "State"); the accounts are made with the sandbox's control functions.
import type { Sandbox } from "../../../sandbox/sandbox.js";
import { hostileTexts } from "../../support/hostile-text.js";

function hostile(index: number): string {
  const text = hostileTexts[index];
  if (text === undefined) throw new Error(`no hostile text ${index}`);
  return text;
}

/** Which hostile text goes where; every one of test/support/hostile-text.ts is used at least once. */
export const hostileNames = {
  aliceUsername: hostile(0),
  bobUsername: hostile(6),
  problemTitle: hostile(1),
  teamName: hostile(2),
  teamDescription: hostile(5),
  displayName: hostile(3),
  bio: hostile(4),
  location: hostile(9),
  prize: hostile(13),
  /** Tournament titles, in the sandbox's seeded order (open ones first). */
  tournamentTitles: [hostile(7), hostile(8), hostile(10), hostile(11), hostile(12)],
} as const;

/** The problem the hostile battle is played on. */
export const hostileProblemId = "prb_easy_01";

/** Renames the seeded problem and tournaments, and makes the two hostile accounts; returns their API keys. */
export function seedHostilePlatform(sandbox: Sandbox): { aliceKey: string; bobKey: string } {
  const problem = sandbox.state.problems.find((candidate) => candidate.id === hostileProblemId);
  if (problem === undefined) throw new Error(`the sandbox has no ${hostileProblemId}`);
  problem.title = hostileNames.problemTitle;
  const { tournamentTitles } = hostileNames;
  [...sandbox.state.tournaments.values()].forEach((tournament, index) => {
    tournament.title = tournamentTitles[index % tournamentTitles.length] ?? tournament.title;
    tournament.prize = hostileNames.prize;
  });
  const keyFor = (username: string) => {
    sandbox.control.createUser({ username });
    return sandbox.control.createApiKey({ username, level: "write" }).key;
  };
  return { aliceKey: keyFor(hostileNames.aliceUsername), bobKey: keyFor(hostileNames.bobUsername) };
}
