/**
 * For tests of work split over tasks: counts the page's tasks from the call on, by a message the page sends itself
 * each task (MessageChannel, the same queue as the viewer's own `nextTask` and slices, so they interleave). `stop()`
 * ends the count and closes the channel.
 */
export function countTasks(): { readonly count: number; stop(): void } {
  let count = 0;
  let counting = true;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    count++;
    if (counting) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  return {
    get count() {
      return count;
    },
    stop() {
      counting = false;
      channel.port1.close();
    },
  };
}
