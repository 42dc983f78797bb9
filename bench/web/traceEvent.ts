/** One event of a Chromium trace, as far as the bench's trace readers use it (times in µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) duration. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** A node of the JavaScript profiler's call tree in a ProfileChunk event. */
export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}
