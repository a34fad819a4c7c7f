export const helpText = `Commands (you act as a member of the "Playground" server):
  /command options…        run a slash command, e.g. /battle create difficulty:easy
  as <member>              switch member (alice, bob, admin)
  press <n>                press button n of the last message that had buttons
  fill key=value …         fill in the form the last interaction opened (quote values with spaces)
  link                     link the current member with their sandbox API key
  finish <battleId>        the platform ends a battle now
  start-tournament <id>    the platform starts a tournament
  posts [channel]          the last posts in a channel (default #general)
  wait-post <channel> <text>  wait up to 15 s for a post containing text (for scripts)
  help                     this list
  quit                     stop everything`;
