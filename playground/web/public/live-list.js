// A list drawn from a read and kept current by the live stream (the channel's messages, an open thread's): a
// change heard while a read is on its way is applied over the read once it lands, so a post made meanwhile is
// neither lost nor drawn and then wiped by a read that began before it.

/** `apply(...change)` draws one live change on the list as drawn. */
export function createLiveList(apply) {
  /** The changes heard since the latest read began, until it lands; null when no read is on its way. */
  let heardDuringRead = null;
  return {
    /**
     * Reads with `read()`, draws what it gives with `draw`, then the changes heard meanwhile. A read overtaken
     * by a later one draws nothing and gives false; the later one applies what it had heard.
     */
    async drawRead(read, draw) {
      // A read begun while another is on its way takes over what that one heard: the other draws nothing
      // now, and a change such as a thread's archive must still be drawn (again, in order, over a newer read).
      const heard = heardDuringRead === null ? [] : [...heardDuringRead];
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
