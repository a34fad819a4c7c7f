// battle.submission: someone submitted code during a battle, with how it scored
// (docs/architecture.md, "Rendering").
import { plainCode, plainText } from "../display/platform-text.js";
import { displayLanguage } from "../display/language-name.js";
import type { PlatformEventOf } from "../events/index.js";
import type { Announcement } from "./announcement.js";
import { announcementColours, compactFields, eventStamp } from "./announcement-style.js";
import { nameUser, type RenderContext } from "./render-context.js";

export function renderBattleSubmission(
  event: PlatformEventOf<"battle.submission">,
  context: RenderContext,
): Announcement {
  const { data } = event;
  const who = data.user === undefined ? "A player" : nameUser(data.user, context);
  const tests =
    data.testsPassed === undefined || data.testsTotal === undefined
      ? undefined
      : `${String(data.testsPassed)}/${String(data.testsTotal)} passed`;
  return {
    embed: {
      title: "📨 New submission",
      description: `${who} submitted a solution in battle ${plainCode(data.battleId)}.`,
      color: pickColour(data.testsPassed, data.testsTotal),
      fields: compactFields([
        { name: "Score", value: data.score === undefined ? undefined : `${String(data.score)} pts` },
        { name: "Tests", value: tests },
        {
          name: "Language",
          value: data.language === undefined ? undefined : plainText(displayLanguage(data.language)),
        },
      ]),
      ...eventStamp(event, `Battle ${data.battleId}`),
    },
  };
}

function pickColour(passed: number | undefined, total: number | undefined): number {
  if (passed === undefined || total === undefined || total === 0) return announcementColours.neutral;
  if (passed === total) return announcementColours.gain;
  return passed === 0 ? announcementColours.loss : announcementColours.neutral;
}
