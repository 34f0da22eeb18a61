// Group commit: writes that arrive together go into the database together, one transaction per
// batch, and every caller is answered only after the batch holding its item has committed. A
// batch starts on the next turn of the event loop (setImmediate), after every request whose body
// has arrived in this turn has joined it; without that pause PGlite, which runs on this thread,
// finished each write before the next request was read and every batch held one item (decision
// record 015). Used by the signups' writer and the insights' recorder.

/** One caller's item, waiting for its batch. */
export interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

// Plain fields, no parameter properties: this module is also run by Node's type stripping (db:backup).
export class GroupCommit<Item, Result> {
  private queue: Waiting<Item, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly commit: (batch: Waiting<Item, Result>[]) => Promise<void>;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  /**
   * `commit` writes one batch and settles every waiting caller of it. `maxInFlight` batches run at
   * once (PGlite runs one query at a time anyway), each of at most `maxBatch` items.
   */
  constructor(commit: (batch: Waiting<Item, Result>[]) => Promise<void>, maxInFlight: number, maxBatch: number) {
    this.commit = commit;
    this.maxInFlight = maxInFlight;
    this.maxBatch = maxBatch;
  }

  write(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.commit(batch)
        .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          this.inFlight--;
          this.schedule();
        });
    }
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }
}
