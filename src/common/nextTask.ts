/**
 * Resolves in a task of its own, after what the browser has waiting (input, a frame): work done
 * in steps with `await nextTask()` between them never holds a phone's main thread for long, so a
 * tap meanwhile is answered at once.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
