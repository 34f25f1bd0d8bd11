/**
 * Runs work in a task of its own right after the current one (a MessageChannel message: no timer clamping, and the
 * calls run in the order they were made).
 *
 * Why an input handler would want that (issue 20, "Speed": input to paint): Chromium defers the page's other tasks
 * after a discrete input event (a key press, a click) whose handling asked for a frame, until that frame is drawn
 * (its "DeferRendererTasksAfterInput" scheduling). The live preview's answer from its worker is such a task: when a
 * key's handler changes the page, the answer waits for the frame that shows the key's change and is painted in the
 * frame after it, a whole frame later. A handler that changes nothing in its own task, and makes its change here
 * instead, lets the change and the worker's answer reach the same frame.
 */

type Work = () => void;

let channel: MessageChannel | undefined;
const queue: Work[] = [];

function runQueued(): void {
  // One call per message: a call that throws does not drop the ones behind it.
  const work = queue.shift();
  if (queue.length === 0) {
    // Closed once idle: an open port would keep a Node process (the tests) alive.
    channel?.port1.close();
    channel = undefined;
  }
  work?.();
}

/** Calls `work` in a new task after the current one; calls made together run in their order, each in its own task. */
export function runInNextTask(work: Work): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(work, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runQueued;
  }
  queue.push(work);
  channel.port2.postMessage(null);
}
