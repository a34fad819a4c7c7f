export const helpText = `You are a member of the Discord server "Playground" (#general, #announcements), talking to the
real bot; the platform is a local sandbox. Members: alice (you at first), bob, admin (may use /setup).

Try a battle, step by step:
  link                          link alice's platform account (every member links once)
  /battle create difficulty:easy language:python
                                the bot posts a battle card with [1] Join and [2] Submit code
  press 1                       alice joins her battle
  as bob                        become bob…
  link                          …link him too,
  press 1                       join from the same card,
  press 2                       press Submit code: the bot opens a form;
  fill language=python code="print('PASS')"
                                answer it (PASS passes every test: see "How the sandbox scores" below)
  finish                        the platform ends the battle (or it ends once everyone submitted);
                                the result is posted in #announcements and printed here
  /rank                         your rating, with the chart saved as a PNG (its path is shown)

Acting:
  /command option:value …       run a slash command; quote values with spaces: name:"Spring Cup"
  /command option:?             list the choices for an option (e.g. /battle join id:?), or option:text?
  pick <n>                      run the command with choice n
  press <n> [value…]            press button n (or pick values in menu n) of the last message with buttons
  fill key=value …              answer the form the last interaction opened; "a\\nb" is two lines
  as <member>                   switch member: alice, bob, admin
  link                          the quick /link: "Use an API key" with the member's sandbox key

How the sandbox scores code (it never runs it; sandbox/core/judge.ts):
  empty code, or code with the word FAIL   passes no test: score 0
  otherwise, code with the word PASS       passes every test: score 100
  anything else                            passes a fixed number of tests picked from a hash of the problem,
                                           the language and the code: the same code always scores the same
  tests: 5 easy, 8 medium, 10 hard; score = share of tests passed, 0–100. Best score ranks first, then the
  earlier submission; in a battle of one, only 100 wins.

The platform's side:
  finish [battleId]             end a battle now (default: the newest running one)
  start-tournament [id]         start a tournament now (default: the next open one; ids: /tournament list)

Looking around:
  posts [channel]               the last posts in a channel (default #general), or in a thread: posts t1
  threads                       the server's threads, numbered t1, t2 … (a battle card starts one)
  events                        the Events tab: the open tournaments, once an admin runs /setup events on
  wait-post <channel> <text>    wait up to 15 s for a post containing text (for scripts; t1 for a thread)
  wait-event <text>             wait up to 15 s for an event whose name contains text (for scripts)
  roles                         every member's roles in the server, highest first
  help                          this text
  quit                          stop everything

Commands to try: /whoami /stats /leaderboard global /tournament list /team create name:Owls
/profile view /battle history; as admin: /subscriptions /setup status /setup webhook register.
Run a file of these lines with: npm run playground -- script.txt`;
