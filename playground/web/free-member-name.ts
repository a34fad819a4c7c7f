// The example name "Add a member" offers: one nobody has, neither a member of the server nor an account on the
// sandbox, so the example works as it is typed (the sandbox refuses a username it already has).
const examples = ["dana", "eli", "finn", "gwen", "hugo", "iris", "jude", "kira", "liam", "mona"];

/** The first example name not in `taken`, or a numbered one once they are all used. */
export function suggestFreeMemberName(taken: ReadonlySet<string>): string {
  const free = examples.find((name) => !taken.has(name));
  if (free !== undefined) return free;
  for (let number = 2; ; number += 1) {
    const numbered = `member_${number}`;
    if (!taken.has(numbered)) return numbered;
  }
}
