// The battle card whose thread the store's thread tests start, forget and read (message-threads.test.ts,
// forget-thread.test.ts).
export const threadedCard = {
  battleId: "bat_threaded",
  guildId: "100000000000000001",
  channelId: "300000000000000001",
  messageId: "400000000000000001",
  createdBy: "200000000000000001",
};
