// A list drawn from a read and kept current by the live stream (the channel's messages, an open thread's): a
// change heard while a read is on its way is applied over the read once it lands, so a post made meanwhile is
// neither lost nor drawn and then wiped by a read that began before it.

/**
 * `apply(...change)` draws one live change on the list as drawn. `carriesOver(...change)` names the changes
 * a read overtaken by a later one hands to it: none by default, as the later read already has the rest (and
 * may be of another list: another channel, thread or member); a change that also acts outside the list (a
 * thread's summary, which the open thread's header and the page's known threads follow) is still applied.
 * @param {(...change: any[]) => void} apply
 * @param {{ carriesOver?: (...change: any[]) => boolean }} [options]
 */
export function createLiveList(apply, { carriesOver = () => false } = {}) {
  /** The changes heard since the latest read began, until it lands; null when no read is on its way. */
  let heardDuringRead = null;
  return {
    /**
     * Reads with `read()`, draws what it gives with `draw`, then the changes heard meanwhile. A read
     * overtaken by a later one draws nothing and gives false; the later one applies what carries over.
     */
    async drawRead(read, draw) {
      const heard =
        heardDuringRead === null ? [] : heardDuringRead.filter((change) => carriesOver(...change));
      heardDuringRead = heard;
      let value;
      try {
        value = await read();
      } catch (error) {
        // The list stays as drawn, and what was heard meanwhile is drawn on it, so it keeps following.
        if (heardDuringRead === heard) {
          heardDuringRead = null;
          for (const change of heard) apply(...change);
        }
        throw error;
      }
      if (heardDuringRead !== heard) return false;
      heardDuringRead = null;
      draw(value);
      for (const change of heard) apply(...change);
      return true;
    },
    /** A change from the live stream: drawn now, or kept for the read on its way. */
    changed(...change) {
      if (heardDuringRead !== null) heardDuringRead.push(change);
      else apply(...change);
    },
  };
}
